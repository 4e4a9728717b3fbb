import { type ComponentType, lazy, Suspense } from 'react';
import { type RouteObject, useRoutes } from 'react-router';
import { PageLoading } from '../../components/ui/page-loading';
import { prefetchTherapist } from '../../features/discovery/api/discovery-api';
import { idParam } from '../../features/discovery/hooks/use-id-param';
import * as paths from '../../lib/paths';
import { queryClient } from '../providers';

/**
 * Every page outside the tab bar, as route objects: one chunk each, loaded on first visit. The
 * table itself loads with the first such page (router.tsx), not with the shell.
 */
const page = (load: () => Promise<{ default: ComponentType }>) => {
  const Page = lazy(load);
  return <Page />;
};

/**
 * A therapist's page asks for its answer while its chunk loads, not once it has rendered (decision
 * 091): React calls this loader when it first draws the route, with the page's URL already current.
 */
const therapistDetailPage = page(() => {
  prefetchTherapist(queryClient, idParam(new URLSearchParams(window.location.search)));
  return import('./therapist/therapist-detail-page');
});
const loginPage = page(() => import('./public/login-page'));
const cityPage = page(() => import('./home/city-page'));
const qrCodePage = page(() => import('./index/qr-code-page'));
const paySuccessPage = page(() => import('./index/pay-success-page'));
const vipPage = page(() => import('./my/vip/vip-page'));
const walletPage = page(() => import('./my/wallet/wallet-page'));
const walletEntryPage = page(() => import('./my/wallet/wallet-entry-page'));
const withdrawPage = page(() => import('./my/withdraw/withdraw-page'));
const helpCentrePage = page(() => import('./my/help/help-centre-page'));

const routes: RouteObject[] = [
  // Discovery.
  { path: paths.cityPicker.path, element: cityPage },
  { path: paths.cityPicker.specPath, element: cityPage },
  { path: paths.search.path, element: page(() => import('./home/search-page')) },
  { path: paths.project.path, element: page(() => import('./home/project-page')) },
  { path: paths.therapistList.path, element: page(() => import('./therapist/therapist-list-page')) },
  { path: paths.therapistMap.path, element: page(() => import('./therapist/therapist-map-page')) },
  { path: paths.therapistDetail.path, element: therapistDetailPage },
  { path: paths.storeDetail.path, element: page(() => import('./instore/store-detail-page')) },
  { path: paths.storeInfo.path, element: page(() => import('./instore/store-info-page')) },
  { path: paths.storeCertificate.path, element: page(() => import('./instore/store-certificate-page')) },
  { path: paths.favourites.path, element: page(() => import('./my/gird/favourites-page')) },
  { path: paths.follows.path, element: page(() => import('./my/gird/follows-page')) },
  { path: paths.visitors.path, element: page(() => import('./my/gird/visitors-page')) },
  { path: paths.footprints.path, element: page(() => import('./my/gird/footprints-page')) },
  // Identity: the sign-in family and the account.
  { path: paths.login.path, element: loginPage },
  { path: paths.login.smsPath, element: loginPage },
  { path: paths.login.passwordPath, element: loginPage },
  { path: paths.register.path, element: page(() => import('./public/register-page')) },
  { path: paths.forgotPassword.path, element: page(() => import('./public/forget-pwd-page')) },
  { path: paths.changePassword.path, element: page(() => import('./public/pwd-page')) },
  { path: paths.bindPhone.path, element: page(() => import('./public/bind-page')) },
  { path: paths.userAgreement.path, element: page(() => import('./public/agreement-page')) },
  { path: paths.privacyPolicy.path, element: page(() => import('./public/privacy-page')) },
  { path: paths.orderAgreement.path, element: page(() => import('./public/order-agreement-page')) },
  { path: paths.userInfo.path, element: page(() => import('./my/userinfo-page')) },
  { path: paths.settings.path, element: page(() => import('./my/setting-page')) },
  { path: paths.agreements.path, element: page(() => import('./my/setting/xieyi-page')) },
  { path: paths.helpCentre.path, element: helpCentrePage },
  { path: paths.helpCentre.settingsPath, element: helpCentrePage },
  { path: paths.helpDetail.path, element: page(() => import('./my/help/help-detail-page')) },
  { path: paths.accountManagement.path, element: page(() => import('./my/setting/account-management-page')) },
  { path: paths.changePhone.path, element: page(() => import('./my/setting/change-phone-page')) },
  { path: paths.cancelAccount.path, element: page(() => import('./my/setting/zhuxiao-page')) },
  { path: paths.about.path, element: page(() => import('./my/setting/about-page')) },
  { path: paths.telegram.path, element: page(() => import('./my/setting/set-tg-page')) },
  { path: paths.developerOptions.path, element: page(() => import('./my/developer-options-page')) },
  // Money: coupons and the VIP annual card.
  { path: paths.coupons.path, element: page(() => import('./my/hongbao/youhuijuan-page')) },
  { path: paths.vip.path, element: vipPage },
  { path: paths.vip.shortPath, element: vipPage },
  // Chat (decision 048).
  { path: paths.chatList.path, element: page(() => import('./chat/chat-list-page')) },
  { path: paths.chatIndex.path, element: page(() => import('./chat/chat-index-page')) },
  { path: paths.chatPhrase.path, element: page(() => import('./chat/chat-phrase-page')) },
  { path: paths.chatGroupInfo.path, element: page(() => import('./chat/chat-group-info-page')) },
  { path: paths.chatVoiceCall.path, element: page(() => import('./chat/chat-voice-call-page')) },
  { path: paths.notificationList.path, element: page(() => import('./chat/notification-list-page')) },
  { path: paths.notificationDetails.path, element: page(() => import('./chat/notification-details-page')) },
  // Booking: addresses.
  { path: paths.addresses.path, element: page(() => import('./my/address/address-list-page')) },
  { path: paths.editAddress.path, element: page(() => import('./my/address/address-edit-page')) },
  { path: paths.addressMap.path, element: page(() => import('./my/address/address-map-page')) },
  { path: paths.selectAddress.path, element: page(() => import('./my/address/select-address-page')) },

  // Booking: confirming an order.
  { path: paths.bookHomeVisit.path, element: page(() => import('./index/order/order-det-page')) },
  { path: paths.bookInStore.path, element: page(() => import('./instore/instore-order-det-page')) },

  // Orders: detail and receipt.
  { path: paths.orderDetail.path, element: page(() => import('./my/order/order-pay-page')) },
  { path: paths.orderReceipt.path, element: page(() => import('./my/order/order-receipt-page')) },
  { path: paths.walletTopUp.path, element: page(() => import('./my/wallet/top-up-page')) },
  { path: paths.evaluate.path, element: page(() => import('./my/order/evaluate-page')) },
  { path: paths.evaluationSuccess.path, element: page(() => import('./my/order/evaluation-success-page')) },
  { path: paths.complain.path, element: page(() => import('./my/order/complain-page')) },
  { path: paths.complaints.path, element: page(() => import('./my/order/tousu-list-page')) },
  // Feedback (decision 053).
  { path: paths.feedbackForm.path, element: page(() => import('./my/feedback/feedback-index-page')) },
  { path: paths.feedbackList.path, element: page(() => import('./my/feedback/feedback-list-page')) },
  { path: paths.feedbackDetails.path, element: page(() => import('./my/feedback/feedback-details-page')) },
  { path: paths.feedbackSelectOrder.path, element: page(() => import('./my/feedback/select-order-page')) },
  ...[paths.orderFeedback.path, paths.instoreFeedback.path].map((path) => ({
    path,
    element: page(() => import('./my/order/order-feedback-page')),
  })),

  // Paying: the method, the QR page (both spec names) and the success page (both spec places).
  { path: paths.pay.path, element: page(() => import('./index/pay-page')) },
  { path: paths.payQrCode.path, element: qrCodePage },
  { path: paths.payQrCode.altPath, element: qrCodePage },
  { path: paths.paySuccess.path, element: paySuccessPage },
  { path: paths.paySuccess.altPath, element: paySuccessPage },

  // Provider workbench and store staff.
  { path: paths.workbenchOrder.path, element: page(() => import('./therapist/workbench-order-page')) },
  { path: paths.workbenchSchedule.path, element: page(() => import('./therapist/workbench-schedule-page')) },
  { path: paths.storeOrders.path, element: page(() => import('./store/store-orders-page')) },

  // Wallet, withdrawals and income.
  ...[paths.wallet.path, paths.wallet.specPath, paths.wallet.detailsPath].map((path) => ({
    path,
    element: walletPage,
  })),
  ...[paths.walletEntry.path, paths.walletEntry.specPath].map((path) => ({ path, element: walletEntryPage })),
  ...[paths.withdraw.path, paths.withdraw.specPath, paths.withdrawals.path].map((path) => ({
    path,
    element: withdrawPage,
  })),
  { path: paths.withdrawalAccounts.path, element: page(() => import('./my/withdraw/accounts-page')) },
  { path: paths.addWithdrawalAccount.path, element: page(() => import('./my/withdraw/add-account-page')) },
  { path: paths.withdrawalAccount.path, element: page(() => import('./my/withdraw/account-detail-page')) },
  { path: paths.workbenchIncome.path, element: page(() => import('./therapist/workbench-income-page')) },

  // Customer service desk.
  { path: paths.deskOrders.path, element: page(() => import('./desk/desk-orders-page')) },
  { path: paths.deskWithdrawals.path, element: page(() => import('./desk/desk-withdrawals-page')) },
  { path: paths.deskComplaints.path, element: page(() => import('./desk/desk-complaints-page')) },
  { path: paths.deskFeedback.path, element: page(() => import('./desk/desk-feedback-page')) },
  { path: paths.deskFeedbackDetails.path, element: page(() => import('./desk/desk-feedback-details-page')) },
  { path: paths.deskReviews.path, element: page(() => import('./desk/desk-reviews-page')) },
  { path: paths.workbenchReviews.path, element: page(() => import('./therapist/workbench-reviews-page')) },

  { path: '*', element: page(() => import('./not-found/not-found-page')) },
];

export default function PageRoutes() {
  return <Suspense fallback={<PageLoading />}>{useRoutes(routes)}</Suspense>;
}
