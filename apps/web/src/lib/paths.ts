/**
 * Every route of the app, in one place: the route tables (app/router.tsx, app/routes/page-routes.tsx)
 * take `path` from here and every link and navigate takes `href(…)`, so a page that moves changes
 * one line. The odd spellings (`citys`, `gird/shoucang`, `zhuxiao`) are the spec's own routes, kept so
 * links shared from the old client still open. Each route is its own export: import the module as a
 * namespace (`import * as paths from '…/lib/paths'`) and the bundler keeps only the routes a chunk uses.
 */

type Query = Record<string, string | number | boolean | undefined> | URLSearchParams;

const withQuery = (path: string, query: Query = {}) => {
  const search = new URLSearchParams(query instanceof URLSearchParams ? query : undefined);
  if (!(query instanceof URLSearchParams)) {
    for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
};

const fixed = <P extends string>(path: P) => ({ path, href: () => path });
const byId = <P extends string>(path: P) => ({
  path,
  href: (id: number | string) => withQuery(path, { id }),
});

// The five tabs.
export const home = fixed('/');
export const instore = fixed('/instore');
export const therapist = fixed('/therapist');
export const orders = fixed('/order');
export const my = fixed('/my');

// Discovery.
export const cityPicker = { ...fixed('/index/citys'), specPath: '/index/citys/citys' } as const;
export const search = fixed('/search');
export const project = byId('/index/order/order');
/** The list and the map take the same filters in their query. */
const filtered = <P extends string>(path: P) => ({
  path,
  href: (query: Query = {}) => withQuery(path, query),
});
export const therapistList = filtered('/therapist/therapistList');
export const therapistMap = filtered('/therapist/maptherapist');
export const therapistDetail = byId('/therapist/orderDetail');
export const storeDetail = byId('/instore/orderDetail');
export const storeInfo = byId('/instore/storeInfo');
export const storeCertificate = byId('/instore/certificate');
export const favourites = fixed('/my/gird/shoucang');
export const follows = fixed('/my/gird/guanzhu');
export const visitors = fixed('/my/gird/visitor');
export const footprints = fixed('/my/gird/browse');

// Identity: the sign-in family (spec: loginmsg and loginphone open login on a tab) and the account.
/** Every page of the sign-in family lives under this prefix (a 401 there needs no redirect back). */
export const PUBLIC_PREFIX = '/public/';
export const login = {
  path: '/public/login',
  smsPath: '/public/loginmsg',
  passwordPath: '/public/loginphone',
  /** `redirect`: where to go once signed in; `search`: the current query, carried over as it is. */
  href: ({ redirect, search }: { redirect?: string; search?: string } = {}) =>
    search ? `/public/login${search}` : withQuery('/public/login', { redirect }),
  passwordHref: () => '/public/loginphone',
} as const;
export const register = {
  path: '/public/register',
  href: ({ search }: { search?: string } = {}) => `/public/register${search ?? ''}`,
} as const;
export const forgotPassword = fixed('/public/forgetPwd');
export const changePassword = fixed('/public/pwd');
export const bindPhone = fixed('/public/bind');
export const userAgreement = fixed('/public/agreement_user');
export const privacyPolicy = fixed('/public/agreement_privacy');
/** Not named by the spec (its order agreement had no page of its own): beside the other two. */
export const orderAgreement = fixed('/public/agreement_order');
export const userInfo = fixed('/my/userinfo');
export const settings = fixed('/my/setting');
/** Settings → Agreements: the three agreements and what the user accepted (decision 054). */
export const agreements = fixed('/my/setting/xieyi');
// The help centre (my/help/feedbackIndex; Settings → Help is the same page) and one article.
export const helpCentre = { ...fixed('/my/help/feedbackIndex'), settingsPath: '/my/setting/help' } as const;
export const helpDetail = byId('/my/help/helpDetail');
export const accountManagement = fixed('/my/setting/accountManagement');
export const changePhone = fixed('/my/setting/changePhone');
export const about = fixed('/my/setting/about');
export const developerOptions = fixed('/my/developerOptions');
export const telegram = fixed('/my/setting/setTg');
export const cancelAccount = {
  path: '/my/setting/zhuxiao',
  href: ({ step }: { step?: number } = {}) => withQuery('/my/setting/zhuxiao', { setup: step }),
} as const;

// Booking: addresses (my/address/*) — the addresses work adds its routes here.

/** An in-app path to come back to (never another site): what `returnTo` may carry. */
export const isInAppPath = (target: string | null | undefined): target is string =>
  Boolean(target?.startsWith('/') && !target.startsWith('//'));
export const addresses = fixed('/my/address/address');
// Money: coupons (spec my/hongbao/youhuijuan) and the VIP annual card (spec my/vip/index; '/my/vip'
// is the link config 3099 carries).
export const coupons = fixed('/my/hongbao/youhuijuan');
export const vip = { ...fixed('/my/vip/index'), shortPath: '/my/vip' } as const;
/** Add (no id) or edit an address; `returnTo` is where a save goes back to (the booking's chooser). */
export const editAddress = {
  path: '/my/address/Endaddress',
  href: (id?: number | string, { returnTo }: { returnTo?: string } = {}) =>
    withQuery('/my/address/Endaddress', { id, returnTo }),
} as const;
/** The full-screen map of the address being added (no id) or edited. */
export const addressMap = {
  path: '/my/address/mapaddress',
  href: (id?: number | string) => withQuery('/my/address/mapaddress', { id }),
} as const;
/** Choosing an address while booking: a tap goes back to `returnTo` with `addressId=<id>` added. */
export const selectAddress = {
  path: '/my/address/selectAddressList',
  href: ({ returnTo }: { returnTo: string }) => withQuery('/my/address/selectAddressList', { returnTo }),
} as const;
/** `returnTo` with `addressId` set in its query (its other parameters kept). */
export function withAddressId(returnTo: string, addressId: number): string {
  const url = new URL(returnTo, 'http://app.invalid');
  url.searchParams.set('addressId', String(addressId));
  return `${url.pathname}${url.search}${url.hash}`;
}

// Booking: confirming a home visit (index/order/orderDet) and an in-store visit — the booking pages add theirs here.
/** Spec index/order/orderDet: the home-visit confirmation; `clocks`, `startsAt`, `addressId` restore a choice. */
export const bookHomeVisit = {
  path: '/index/order/orderDet',
  href: (query: {
    therapistId: number;
    projectId: number;
    clocks?: number;
    startsAt?: string;
    addressId?: number;
  }) => withQuery('/index/order/orderDet', query),
} as const;
/** The project page opened from a therapist's page: it offers booking with that therapist. */
export const projectWithTherapist = {
  href: (id: number, therapistId: number) => withQuery(project.path, { id, therapistId }),
} as const;
/** The in-store confirmation (beside the spec's instore/orderDetail, the store's own page). */
export const bookInStore = {
  path: '/instore/orderDet',
  href: (query: {
    storeId: number;
    projectId: number;
    therapistId?: number;
    clocks?: number;
    startsAt?: string;
  }) => withQuery('/instore/orderDet', query),
} as const;
// Orders: detail (my/order/pay?ordersId=), receipt (my/order/receipt) — the order pages add theirs here.
/** The spec names the parameter `ordersId`. */
const byOrderId = <P extends string>(path: P) => ({
  path,
  href: (id: number | string) => withQuery(path, { ordersId: id }),
});
export const orderDetail = byOrderId('/my/order/pay');
export const orderReceipt = byOrderId('/my/order/receipt');
// Reviews and complaints (decision 049): the spec's my/order/evaluate, evaluationSuccess, complain, tousuList.
export const evaluate = byOrderId('/my/order/evaluate');
export const evaluationSuccess = byOrderId('/my/order/evaluationSuccess');
export const complain = byOrderId('/my/order/complain');
export const complaints = fixed('/my/order/tousuList');
// Feedback (decision 053): the spec's my/feedback/index, list, details, selectOrder, and the order
// pages' my/order/feedback and instoreFeedback (the form with that order linked).
export const feedbackForm = {
  path: '/my/feedback/index',
  href: (query: { ordersId?: number } = {}) => withQuery('/my/feedback/index', query),
} as const;
export const feedbackList = fixed('/my/feedback/list');
export const feedbackDetails = byId('/my/feedback/details');
export const feedbackSelectOrder = {
  path: '/my/feedback/selectOrder',
  href: (query: { ordersId?: number } = {}) => withQuery('/my/feedback/selectOrder', query),
} as const;
export const orderFeedback = byOrderId('/my/order/feedback');
export const instoreFeedback = byOrderId('/my/order/instoreFeedback');

// Paying (decision 041): choose a method, the QR page, the success page — each by `ordersId`.
export const pay = byOrderId('/index/pay');
/** The spec names two QR pages (hwQrCode, faQrCode); both open the order's current QR payment. */
export const payQrCode = { ...byOrderId('/index/hwQrCode'), altPath: '/index/faQrCode' } as const;
/** The spec lists paySuccess under index/ and public/; both open the same page. */
export const paySuccess = { ...byOrderId('/index/paySuccess'), altPath: '/public/paySuccess' } as const;

// Provider workbench and store staff pages — the workbench adds its routes here.
/** The centre tab (`therapist`) is the workbench for providers; these are its inner pages. */
export const workbenchOrder = byId('/therapist/workbench/order');
export const workbenchSchedule = fixed('/therapist/workbench/schedule');
/** The store counter: in-store orders of the stores the signed-in staff member works at. */
export const storeOrders = fixed('/store/orders');

// Customer service desk — staff only (customer_service, admin): find orders and the attention list.
export const deskOrders = fixed('/desk/orders');

// Wallet and withdrawals (my/wallet/*, my/withdraw/*) and the workbench's income page.
export const wallet = {
  ...fixed('/my/wallet'),
  specPath: '/my/wallet/index',
  detailsPath: '/my/wallet/details',
} as const;
/** Topping up the wallet through a payment rail (decision 045); the wallet links to it. */
export const walletTopUp = fixed('/my/wallet/top-up');
/** One wallet movement (spec my/wallet/mymoneydetail; usermoneydetail is the same page). */
export const walletEntry = {
  ...byId('/my/wallet/mymoneydetail'),
  specPath: '/my/wallet/usermoneydetail',
} as const;
export const withdraw = { ...fixed('/my/withdraw'), specPath: '/my/withdraw/index' } as const;
/** Spec my/wallet/cashList: my withdrawals, on the withdraw page. */
export const withdrawals = fixed('/my/wallet/cashList');
export const withdrawalAccounts = fixed('/my/withdraw/account');
export const addWithdrawalAccount = fixed('/my/withdraw/addAccount');
export const withdrawalAccount = byId('/my/withdraw/accountDetails');
export const workbenchIncome = fixed('/therapist/workbench/income');
/** Customer service's withdrawals — staff only. */
export const deskWithdrawals = fixed('/desk/withdrawals');
/** Customer service's complaints (decision 049). */
export const deskComplaints = fixed('/desk/complaints');
/** Customer service's feedback desk and one feedback there (decision 053). */
export const deskFeedback = fixed('/desk/feedback');
export const deskFeedbackDetails = byId('/desk/feedback/details');
/** Customer service's reviews: hide one that breaks the rules (decision 058). */
export const deskReviews = fixed('/desk/reviews');
/** The therapist's reviews and their one reply (decision 058). */
export const workbenchReviews = fixed('/therapist/workbench/reviews');
// Chat (decision 048): the list, a conversation by the other user (`to_uid`, the spec's) or by my
// order (`order_id`, the order pages' chat button), and the common phrases.
export const chatList = fixed('/chat/list');
export const chatIndex = {
  path: '/chat/index',
  href: (query: { to_uid?: number; order_id?: number; group_id?: number }) => withQuery('/chat/index', query),
} as const;
export const chatPhrase = fixed('/chat/phrase');
/** The IM module's group info page (decision 061): a team group's name, members, mute and pin. */
export const chatGroupInfo = {
  path: '/chat/groupInfo',
  href: (groupId: number) => withQuery('/chat/groupInfo', { group_id: groupId }),
};
/** Spec chat/voiceCall: one call, outgoing or incoming (decision 057). */
export const chatVoiceCall = {
  path: '/chat/voiceCall',
  href: (callId: number) => withQuery('/chat/voiceCall', { call_id: callId }),
};
/** System messages: order news and announcements (decision 056). */
export const notificationList = fixed('/chat/notificationList');
export const notificationDetails = byId('/chat/notificationDetails');
