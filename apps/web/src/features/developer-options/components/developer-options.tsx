import { APP_VARIANTS, type AppVariant } from '@sabai/shared/platform/app-version';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Input, List, Selector } from 'antd-mobile';
import { type FormEvent, useId, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { resolveApiBase } from '../../../lib/api-client';
import {
  APP_BUILD_COMMIT,
  APP_VERSION,
  APP_VERSION_CODE,
  DEFAULT_APP_VARIANT,
} from '../../../lib/build-info';
import {
  clearSession,
  getDeviceId,
  getStoredAppVariant,
  readStored,
  removeStored,
  STORAGE_KEYS,
  subscribeStorage,
  writeStored,
} from '../../../lib/storage';
import { normaliseApiHost } from '../api-host';
import '../developer-strings';
import '../developer-options.css';
import { confirm, showToast } from '../../../components/ui/feedback';
import { clearLocalData } from '../local-data';

const readOverride = () => readStored<string>(STORAGE_KEYS.apiBase) ?? '';
const readVariant = () => getStoredAppVariant(DEFAULT_APP_VARIANT);

/**
 * my/developerOptions (decision 055): where requests go (a stored API host override the request
 * helper and the socket use), which app variant the server is told (`dir`), this device's id, and
 * clearing everything the app stored here.
 */
export function DeveloperOptions() {
  const { t } = useTranslation('developer');
  const queryClient = useQueryClient();
  const override = useSyncExternalStore(subscribeStorage, readOverride, () => '');
  const variant = useSyncExternalStore(subscribeStorage, readVariant, () => DEFAULT_APP_VARIANT);
  const [hostText, setHostText] = useState(override);
  const [hostError, setHostError] = useState<string | null>(null);
  const hostInputId = useId();
  const hostErrorId = useId();
  const deviceId = getDeviceId();

  // Another server knows neither this session nor these answers: start clean on it.
  const switchHost = (next: string | null) => {
    if (next) writeStored(STORAGE_KEYS.apiBase, next);
    else removeStored(STORAGE_KEYS.apiBase);
    clearSession();
    queryClient.clear();
    showToast(t('host.saved', { host: resolveApiBase() || window.location.origin }));
  };

  const onSaveHost = (event: FormEvent) => {
    event.preventDefault();
    const next = normaliseApiHost(hostText);
    if (!next) {
      setHostError(t('host.invalid'));
      return;
    }
    setHostError(null);
    setHostText(next);
    if (next !== override) switchHost(next);
  };

  const onResetHost = () => {
    setHostText('');
    setHostError(null);
    if (override) switchHost(null);
  };

  const onVariant = (values: AppVariant[]) => {
    const [next] = values;
    if (!next || next === variant) return;
    writeStored(STORAGE_KEYS.appVariant, next);
    // Answers (the upgrade check above all) depend on the variant.
    void queryClient.invalidateQueries();
    showToast(t('variant.saved', { variant: next }));
  };

  const onCopyDeviceId = async () => {
    try {
      await navigator.clipboard.writeText(deviceId);
      showToast(t('device.copied'));
    } catch {
      showToast(t('device.copyFailed'));
    }
  };

  const onClear = async () => {
    const isConfirmed = await confirm(t('clear.confirmBody'), t('clear.confirm'), t('clear.cancel'));
    if (!isConfirmed) return;
    await clearLocalData();
    window.location.replace('/');
  };

  return (
    <div className="developer-options">
      <List header={t('build.header')}>
        <List.Item extra={`${APP_VERSION} (${APP_VERSION_CODE})`}>{t('build.version')}</List.Item>
        <List.Item extra={APP_BUILD_COMMIT}>{t('build.commit')}</List.Item>
      </List>

      <List header={t('device.header')}>
        <List.Item
          description={<code className="developer-options__device-id">{deviceId}</code>}
          extra={
            <Button size="small" fill="outline" onClick={onCopyDeviceId}>
              {t('device.copy')}
            </Button>
          }
        >
          {t('device.id')}
        </List.Item>
      </List>

      <form className="developer-options__section" onSubmit={onSaveHost} noValidate>
        <h3 className="developer-options__title">
          <label htmlFor={hostInputId}>{t('host.header')}</label>
        </h3>
        <p className="developer-options__hint">
          {t('host.current', { host: resolveApiBase() || window.location.origin })}
        </p>
        <Input
          id={hostInputId}
          className="developer-options__input"
          type="url"
          inputMode="url"
          autoComplete="off"
          placeholder={t('host.placeholder')}
          value={hostText}
          onChange={setHostText}
          clearable
          aria-invalid={hostError ? true : undefined}
          aria-describedby={hostError ? hostErrorId : undefined}
        />
        {hostError ? (
          <p id={hostErrorId} className="developer-options__error" role="alert">
            {hostError}
          </p>
        ) : null}
        <p className="developer-options__hint">{t('host.sessionNote')}</p>
        <div className="developer-options__buttons">
          <Button type="submit" color="primary">
            {t('host.save')}
          </Button>
          <Button onClick={onResetHost} disabled={!override}>
            {t('host.reset')}
          </Button>
        </div>
      </form>

      <section className="developer-options__section" aria-labelledby={`${hostInputId}-variant`}>
        <h3 className="developer-options__title" id={`${hostInputId}-variant`}>
          {t('variant.header')}
        </h3>
        <p className="developer-options__hint">{t('variant.hint')}</p>
        <Selector<AppVariant>
          columns={3}
          options={APP_VARIANTS.map((value) => ({ value, label: t('variant.option', { variant: value }) }))}
          value={[variant as AppVariant]}
          onChange={onVariant}
        />
      </section>

      <section className="developer-options__section">
        <h3 className="developer-options__title">{t('clear.header')}</h3>
        <p className="developer-options__hint">{t('clear.hint')}</p>
        <Button block color="danger" fill="outline" size="large" onClick={onClear}>
          {t('clear.action')}
        </Button>
      </section>
    </div>
  );
}
