import '../chat-strings';
import { Button, Input, SpinLoading } from 'antd-mobile';
import { DownOutline, TextOutline, UpOutline } from 'antd-mobile-icons';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state';
import { confirm, showToast } from '../../../components/ui/feedback';
import { LoadError } from '../../../components/ui/state-views';
import { isApiError } from '../../../lib/api-client';
import { type Phrase, type PhraseChange, usePhraseChange, usePhrases } from '../api/chat-api';

/** chat/phrase: add, edit, reorder and delete my common phrases. */
export function PhraseManager() {
  const { t } = useTranslation('chat');
  const phrases = usePhrases(true);
  const change = usePhraseChange();
  const [text, setText] = useState('');
  const [editing, setEditing] = useState<{ id: number; text: string } | null>(null);

  const apply = (next: PhraseChange, after?: () => void) =>
    change.mutate(next, {
      onSuccess: () => after?.(),
      onError: (error) => showToast(isApiError(error) ? error.message : String(error)),
    });
  const add = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim()) apply({ kind: 'add', text: text.trim() }, () => setText(''));
  };
  const move = (list: Phrase[], index: number, by: -1 | 1) => {
    const ids = list.map((phrase) => phrase.id);
    const [moved] = ids.splice(index, 1);
    if (moved === undefined) return;
    ids.splice(index + by, 0, moved);
    apply({ kind: 'reorder', ids });
  };
  const remove = async (phrase: Phrase) => {
    if (await confirm(t('phrases.deleteConfirm'), t('phrases.delete'), t('phrases.cancel'))) {
      apply({ kind: 'delete', id: phrase.id });
    }
  };

  let content: React.ReactNode;
  if (phrases.isPending) content = <SpinLoading className="chat-phrases__loading" />;
  else if (phrases.isError)
    content = (
      <LoadError
        error={phrases.error}
        onRetry={() => void phrases.refetch()}
        isRetrying={phrases.isFetching}
      />
    );
  else if (!phrases.data.length)
    content = (
      <EmptyState icon={<TextOutline />} title={t('phrases.empty')} description={t('phrases.emptyHint')} />
    );
  else {
    const list = phrases.data;
    content = (
      <ol className="chat-phrases">
        {list.map((phrase, index) => (
          <li key={phrase.id} className="chat-phrases__item">
            {editing?.id === phrase.id ? (
              <form
                className="chat-phrases__edit"
                onSubmit={(event) => {
                  event.preventDefault();
                  if (editing.text.trim())
                    apply({ kind: 'edit', id: phrase.id, text: editing.text.trim() }, () => setEditing(null));
                }}
              >
                <Input
                  aria-label={t('phrases.edit')}
                  value={editing.text}
                  onChange={(value) => setEditing({ id: phrase.id, text: value })}
                  maxLength={200}
                  autoFocus
                />
                <Button size="mini" color="primary" type="submit">
                  {t('phrases.save')}
                </Button>
                <Button size="mini" onClick={() => setEditing(null)}>
                  {t('phrases.cancel')}
                </Button>
              </form>
            ) : (
              <>
                <span className="chat-phrases__text">{phrase.text}</span>
                <span className="chat-phrases__tools">
                  <button
                    type="button"
                    aria-label={t('phrases.moveUp')}
                    disabled={index === 0}
                    onClick={() => move(list, index, -1)}
                  >
                    <UpOutline />
                  </button>
                  <button
                    type="button"
                    aria-label={t('phrases.moveDown')}
                    disabled={index === list.length - 1}
                    onClick={() => move(list, index, 1)}
                  >
                    <DownOutline />
                  </button>
                  <Button
                    size="mini"
                    fill="none"
                    onClick={() => setEditing({ id: phrase.id, text: phrase.text })}
                  >
                    {t('phrases.edit')}
                  </Button>
                  <Button size="mini" fill="none" color="danger" onClick={() => void remove(phrase)}>
                    {t('phrases.delete')}
                  </Button>
                </span>
              </>
            )}
          </li>
        ))}
      </ol>
    );
  }

  return (
    <div className="chat-phrases-page">
      <form className="chat-phrases__add" onSubmit={add}>
        <Input
          aria-label={t('phrases.placeholder')}
          placeholder={t('phrases.placeholder')}
          value={text}
          onChange={setText}
          maxLength={200}
        />
        <Button type="submit" color="primary" size="small" disabled={!text.trim()} loading={change.isPending}>
          {t('phrases.add')}
        </Button>
      </form>
      {content}
    </div>
  );
}
