import { formatCallDuration } from '@sabai/shared/chat/call.schemas';
import { CALL_INTENTS, type CallIntent } from '@sabai/shared/chat/call-push';
import { Button } from 'antd-mobile';
import { AudioMutedOutline, AudioOutline } from 'antd-mobile-icons';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Page } from '../../../components/ui/page';
import '../../../features/chat/chat.css';
import '../../../features/chat/chat-strings';
import { useVoiceCall } from '../../../features/chat/call/use-voice-call';
import { LoginRequired } from '../../../features/identity/components/login-required';
import { readStoredUser, useIsLoggedIn } from '../../../features/identity/session';
import * as paths from '../../../lib/paths';

/** After a call ends, the page goes back to the conversation, where its outcome now shows. */
const RETURN_AFTER_MS = 2_500;

/** Spec chat/voiceCall (swipe-back off): one call, outgoing or incoming. */
export default function ChatVoiceCallPage() {
  const { t } = useTranslation('chat');
  const isLoggedIn = useIsLoggedIn();
  const me = readStoredUser();
  const [search] = useSearchParams();
  const callId = Number(search.get('call_id'));
  const isValidId = Number.isSafeInteger(callId) && callId > 0;

  // Swipe-back off (spec): the edge swipe and overscroll history gestures must not leave a live call.
  useEffect(() => {
    const root = document.documentElement;
    const before = root.style.overscrollBehaviorX;
    root.style.overscrollBehaviorX = 'none';
    return () => {
      root.style.overscrollBehaviorX = before;
    };
  }, []);

  return (
    <Page title={t('call.title')} hasTitleBar={false} className="voice-call-page">
      {!isLoggedIn || !me ? (
        <LoginRequired description={t('loginDescription')} />
      ) : isValidId ? (
        <CallScreen callId={callId} meId={me.id} intent={intentOf(search.get('intent'))} />
      ) : (
        <p className="voice-call__problem" role="alert">
          {t('call.loadFailed')}
        </p>
      )}
    </Page>
  );
}

/** What the incoming call's notification asked for ("answer" or "decline" tapped on it), if anything. */
const intentOf = (value: string | null): CallIntent | null =>
  CALL_INTENTS.find((intent) => intent === value) ?? null;

function CallScreen({ callId, meId, intent }: { callId: number; meId: number; intent: CallIntent | null }) {
  const { t } = useTranslation('chat');
  const navigate = useNavigate();
  const voice = useVoiceCall(callId, meId);
  const { call, phase, outcome, problem, seconds, isMuted } = voice;

  // The notification's "answer" or "decline" (decision 063) acts once the call is seen ringing here;
  // the intent then leaves the address, so a reload does not act on it again.
  const actedOn = useRef<number | null>(null);
  useEffect(() => {
    if (!intent || phase !== 'incoming' || actedOn.current === callId) return;
    actedOn.current = callId;
    navigate(paths.chatVoiceCall.href(callId), { replace: true });
    if (intent === 'answer') voice.accept();
    else voice.hangUp();
  }, [intent, phase, callId, navigate, voice]);
  const peer = call?.peer;
  const backToChat = () =>
    navigate(peer ? paths.chatIndex.href({ to_uid: peer.id }) : paths.chatList.href(), { replace: true });

  useEffect(() => {
    if (phase !== 'ended' || !peer) return;
    const timer = window.setTimeout(
      () => navigate(paths.chatIndex.href({ to_uid: peer.id }), { replace: true }),
      RETURN_AFTER_MS,
    );
    return () => window.clearTimeout(timer);
  }, [phase, peer, navigate]);

  let status: string;
  if (phase === 'loading') status = t('call.connecting');
  else if (phase === 'outgoing') status = t('call.calling');
  else if (phase === 'incoming') status = t('call.incoming');
  else if (phase === 'connecting') status = t('call.connecting');
  else if (phase === 'connected') status = formatCallDuration(seconds);
  else if (outcome === 'completed')
    status = t('call.outcome.completed', { duration: formatCallDuration(seconds) });
  else status = outcome ? t(`call.outcome.${outcome}`) : '';

  const initial = Array.from(peer?.nickname.trim() || '?')[0];
  return (
    <div className="voice-call" data-phase={phase}>
      <div className="voice-call__peer">
        {peer?.avatarUrl ? (
          <img className="voice-call__avatar" src={peer.avatarUrl} alt="" />
        ) : (
          <span className="voice-call__avatar voice-call__avatar--initial" aria-hidden="true">
            {initial}
          </span>
        )}
        <h1 className="voice-call__name">{peer?.nickname || t('call.title')}</h1>
        <p className="voice-call__status" role="status" data-testid="call-status">
          {status}
        </p>
        {problem ? (
          <p className="voice-call__problem" role="alert">
            {t(`call.${problem}`)}
          </p>
        ) : null}
        {phase === 'connecting' || phase === 'connected' ? (
          <p className="voice-call__hint">{t('call.stayHint')}</p>
        ) : null}
      </div>
      {/* biome-ignore lint/a11y/useMediaCaption: a live voice call has no captions to offer */}
      <audio ref={voice.remoteAudio} autoPlay />
      <div className="voice-call__actions">
        {phase === 'incoming' ? (
          <>
            <CallButton label={t('call.reject')} tone="danger" onClick={voice.hangUp} />
            <CallButton label={t('call.accept')} tone="accept" onClick={voice.accept} />
          </>
        ) : null}
        {phase === 'outgoing' || phase === 'loading' ? (
          <CallButton label={t('call.cancel')} tone="danger" onClick={voice.hangUp} />
        ) : null}
        {phase === 'connecting' || phase === 'connected' ? (
          <>
            <div className="voice-call__action">
              <button
                type="button"
                className="voice-call__round voice-call__round--plain"
                aria-pressed={isMuted}
                onClick={voice.toggleMute}
              >
                {isMuted ? <AudioMutedOutline aria-hidden="true" /> : <AudioOutline aria-hidden="true" />}
                <span className="visually-hidden">{t('call.mute')}</span>
              </button>
              <span className="voice-call__label" aria-hidden="true">
                {isMuted ? t('call.unmute') : t('call.mute')}
              </span>
            </div>
            <CallButton label={t('call.hangUp')} tone="danger" onClick={voice.hangUp} />
          </>
        ) : null}
        {phase === 'ended' ? (
          <Button color="primary" shape="rounded" onClick={backToChat}>
            {t('call.back')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}

function CallButton({
  label,
  tone,
  onClick,
}: {
  label: string;
  tone: 'danger' | 'accept';
  onClick: () => void;
}) {
  return (
    <div className="voice-call__action">
      <button type="button" className={`voice-call__round voice-call__round--${tone}`} onClick={onClick}>
        <PhoneIcon isHangUp={tone === 'danger'} />
        <span className="visually-hidden">{label}</span>
      </button>
      <span className="voice-call__label" aria-hidden="true">
        {label}
      </span>
    </div>
  );
}

/** A handset; turned down for hanging up. antd-mobile-icons has none. */
function PhoneIcon({ isHangUp }: { isHangUp: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="28"
      height="28"
      aria-hidden="true"
      style={isHangUp ? { transform: 'rotate(135deg)' } : undefined}
    >
      <path
        fill="currentColor"
        d="M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25 11.4 11.4 0 0 0 3.6.57 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.45.57 3.57a1 1 0 0 1-.25 1z"
      />
    </svg>
  );
}
