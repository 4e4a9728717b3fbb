import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { PageLoading } from '../../components/ui/page-loading';

/**
 * The identity pages behind the router's `public/*`, `my/userinfo` and account-settings entries. One
 * router entry dispatching here (as discovery-pages does) keeps the route table in the initial
 * JavaScript small; each page is still its own chunk.
 */
const LoginPage = lazy(() => import('./public/login-page'));
const PAGES: Record<string, LazyExoticComponent<ComponentType>> = {
  // Spec routes of the sign-in family; loginmsg and loginphone open login on a tab.
  '/public/login': LoginPage,
  '/public/loginmsg': LoginPage,
  '/public/loginphone': LoginPage,
  '/public/register': lazy(() => import('./public/register-page')),
  '/public/forgetPwd': lazy(() => import('./public/forget-pwd-page')),
  '/public/pwd': lazy(() => import('./public/pwd-page')),
  '/public/bind': lazy(() => import('./public/bind-page')),
  '/public/agreement_user': lazy(() => import('./public/agreement-page')),
  '/public/agreement_privacy': lazy(() => import('./public/privacy-page')),
  '/my/userinfo': lazy(() => import('./my/userinfo-page')),
  '/my/setting/accountManagement': lazy(() => import('./my/setting/account-management-page')),
  '/my/setting/changePhone': lazy(() => import('./my/setting/change-phone-page')),
  '/my/setting/zhuxiao': lazy(() => import('./my/setting/zhuxiao-page')),
};

const NotFoundPage = lazy(() => import('./not-found/not-found-page'));

export default function IdentityPages() {
  const { pathname } = useLocation();
  const Page = PAGES[pathname.replace(/\/+$/, '')] ?? NotFoundPage;
  return (
    <Suspense fallback={<PageLoading />}>
      <Page />
    </Suspense>
  );
}
