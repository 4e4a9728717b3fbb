import '../identity-strings';
import type { UserRecord } from '@sabai/shared/identity/identity.schemas';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../components/form/text-field';
import type { ReauthenticationProof } from '../api/identity-api';
import { currentPassword, smsCode } from '../validation';
import { FieldRow } from './auth-form';
import { SmsCodeField } from './sms-code-field';

/** An account without a password proves itself with a login code sent to its current phone. */
const provesByCode = (user: UserRecord | undefined) => user?.hasPassword === false;

/**
 * The form's `name` field (`proof` by default), "confirm it is you" before a sensitive change
 * (decision 013): the current password, or for an account without one a login code sent to its
 * current phone. The server checks it.
 */
export function ReauthField({ user, name = 'proof' }: { user: UserRecord | undefined; name?: string }) {
  const { t } = useTranslation('identity');
  // A group named by its hint: on the change-phone page its code field is the second one.
  return (
    <fieldset className="reauth-field">
      <legend className="reauth-field__hint">{t('reauth.hint')}</legend>
      <FieldRow>
        {provesByCode(user) ? (
          <SmsCodeField
            name={name}
            phone={{ areaCode: user?.areaCode ?? '', phone: user?.phone ?? '' }}
            purpose="login"
          />
        ) : (
          <PasswordField name={name} label={t('password.currentLabel')} />
        )}
      </FieldRow>
    </fieldset>
  );
}

/** The schema of ReauthField's value: the password typed, or a 6-digit code. */
export const reauthValue = (user: UserRecord | undefined) => (provesByCode(user) ? smsCode : currentPassword);

/** The request fields for what the user typed into ReauthField. */
export const reauthProof = (user: UserRecord | undefined, value: string): ReauthenticationProof =>
  provesByCode(user) ? { currentCode: value } : { currentPassword: value };
