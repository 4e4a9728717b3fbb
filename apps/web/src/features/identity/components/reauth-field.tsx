import '../identity-strings';
import type { UserRecord } from '@sabai/shared/identity/identity.schemas';
import { Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { ReauthenticationProof } from '../api/identity-api';
import { codeProblem } from '../validation';
import { SmsCodeField } from './sms-code-field';

/** An account without a password proves itself with a login code sent to its current phone. */
const provesByCode = (user: UserRecord | undefined) => user?.hasPassword === false;

/**
 * "Confirm it is you" before a sensitive change (account cancellation, phone change): the current
 * password, or for an account without one a code sent to its current phone. The server checks it.
 */
export function ReauthField({
  user,
  value,
  onChange,
}: {
  user: UserRecord | undefined;
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation('identity');
  return (
    <div className="reauth-field">
      <p className="reauth-field__hint">{t('reauth.hint')}</p>
      {provesByCode(user) ? (
        <SmsCodeField
          value={value}
          onChange={onChange}
          phone={{ areaCode: user?.areaCode ?? '', phone: user?.phone ?? '' }}
          purpose="login"
        />
      ) : (
        <Input
          type="password"
          autoComplete="current-password"
          aria-label={t('password.currentLabel')}
          placeholder={t('password.currentLabel')}
          value={value}
          onChange={onChange}
        />
      )}
    </div>
  );
}

/** The request fields for what the user typed into ReauthField. */
export const reauthProof = (user: UserRecord | undefined, value: string): ReauthenticationProof =>
  provesByCode(user) ? { currentCode: value } : { currentPassword: value };

/** The problem key of an empty or malformed proof, or null. */
export const reauthProblem = (user: UserRecord | undefined, value: string): string | null => {
  if (provesByCode(user)) return codeProblem(value);
  return value ? null : 'password.currentRequired';
};
