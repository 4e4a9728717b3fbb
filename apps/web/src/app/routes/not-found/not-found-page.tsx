import { Button } from 'antd-mobile';
import { QuestionCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { Page } from '../../../components/ui/page';
import * as paths from '../../../lib/paths';

export default function NotFoundPage() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  return (
    <Page title={t('notFound.title')} backTo="/">
      <EmptyState
        icon={<QuestionCircleOutline />}
        title={t('notFound.title')}
        description={t('notFound.description')}
        action={
          <Button color="primary" onClick={() => navigate(paths.home.href())}>
            {t('actions.goHome')}
          </Button>
        }
      />
    </Page>
  );
}
