import { type ComponentType, lazy, Suspense } from 'react';
import { type RouteObject, useRoutes } from 'react-router';
import { PageLoading } from '../../components/ui/page-loading';
import * as paths from '../../lib/paths';

/**
 * Every page outside the tab bar, as route objects: one chunk each, loaded on first visit. The
 * table itself loads with the first such page (router.tsx), not with the shell.
 */
const page = (load: () => Promise<{ default: ComponentType }>) => {
  const Page = lazy(load);
  return <Page />;
};

const loginPage = page(() => import('./public/login-page'));
const cityPage = page(() => import('./home/city-page'));

const routes: RouteObject[] = [
  // Discovery.
  { path: paths.cityPicker.path, element: cityPage },
  { path: paths.cityPicker.specPath, element: cityPage },
  { path: paths.search.path, element: page(() => import('./home/search-page')) },
  { path: paths.project.path, element: page(() => import('./home/project-page')) },
  { path: paths.therapistList.path, element: page(() => import('./therapist/therapist-list-page')) },
  { path: paths.therapistMap.path, element: page(() => import('./therapist/therapist-map-page')) },
  { path: paths.therapistDetail.path, element: page(() => import('./therapist/therapist-detail-page')) },
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
  { path: paths.userInfo.path, element: page(() => import('./my/userinfo-page')) },
  { path: paths.settings.path, element: page(() => import('./my/setting-page')) },
  { path: paths.accountManagement.path, element: page(() => import('./my/setting/account-management-page')) },
  { path: paths.changePhone.path, element: page(() => import('./my/setting/change-phone-page')) },
  { path: paths.cancelAccount.path, element: page(() => import('./my/setting/zhuxiao-page')) },
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

  // Provider workbench and store staff.
  { path: paths.workbenchOrder.path, element: page(() => import('./therapist/workbench-order-page')) },
  { path: paths.workbenchSchedule.path, element: page(() => import('./therapist/workbench-schedule-page')) },
  { path: paths.storeOrders.path, element: page(() => import('./store/store-orders-page')) },

  // Customer service desk.
  { path: paths.deskOrders.path, element: page(() => import('./desk/desk-orders-page')) },

  { path: '*', element: page(() => import('./not-found/not-found-page')) },
];

export default function PageRoutes() {
  return <Suspense fallback={<PageLoading />}>{useRoutes(routes)}</Suspense>;
}
