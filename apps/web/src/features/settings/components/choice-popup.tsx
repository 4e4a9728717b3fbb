import { List, Popup, Radio } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

export interface Choice<T extends string> {
  value: T;
  label: string;
  /** BCP 47 tag of the label's own language (native language names), for screen readers and fonts. */
  lang?: string;
}

interface ChoicePopupProps<T extends string> {
  isOpen: boolean;
  title: string;
  value: T;
  choices: readonly Choice<T>[];
  onSelect: (value: T) => void;
  onClose: () => void;
}

/** A bottom sheet with a radio list: one tap chooses and closes. */
export function ChoicePopup<T extends string>({
  isOpen,
  title,
  value,
  choices,
  onSelect,
  onClose,
}: ChoicePopupProps<T>) {
  const { t } = useTranslation('common');
  const headingId = useId();
  return (
    <Popup
      visible={isOpen}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName="choice-popup"
      destroyOnClose
    >
      <div role="dialog" aria-modal="true" aria-labelledby={headingId}>
        <div className="choice-popup__header">
          <h2 id={headingId} className="choice-popup__title">
            {title}
          </h2>
          <button
            type="button"
            className="choice-popup__close"
            onClick={onClose}
            aria-label={t('actions.close')}
          >
            <CloseOutline aria-hidden="true" />
          </button>
        </div>
        <Radio.Group value={value} onChange={(next) => onSelect(next as T)}>
          <List>
            {choices.map((choice) => (
              <List.Item key={choice.value}>
                <Radio value={choice.value} block className="choice-popup__radio">
                  <span lang={choice.lang}>{choice.label}</span>
                </Radio>
              </List.Item>
            ))}
          </List>
        </Radio.Group>
      </div>
    </Popup>
  );
}
