import { useEffect, useState, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { useAppDispatch, useAppSelector } from "../../../app/hooks";
import { refusalText } from "../../../app/services/refusal";
import { notificationsApi, useAddPushSubscriptionMutation, useRemovePushSubscriptionMutation, useSetEmailNotifyMutation } from "../../../app/services/notifications";
import { setMsgSound } from "../../../app/slices/ui";
import Alert from "../../../components/ui/Alert";
import { getDeviceKey } from "../../../utils/device";
import { desktopPermission, desktopWanted, setDesktopWanted, subscribeDesktop } from "../../../utils/desktopNotify";
import { currentSubscription, pushErrorCode, PushError, pushSupported, subscribePush, unsubscribePush, type PushErrorCode } from "../../../utils/push";
import ChannelTypes from "./notifications/ChannelTypes";
import NotificationChannels from "./notifications/Channels";
import { Section, SwitchRow } from "./parts";

/** Desktop notifications on this browser: on only with the browser's permission; blocked or unsupported says so. */
function DesktopRow() {
  const { t } = useTranslation("setting");
  const wanted = useSyncExternalStore(subscribeDesktop, desktopWanted);
  const [permission, setPermission] = useState(desktopPermission);
  const blocked = permission === "denied";
  const unsupported = permission === "unsupported";
  const description = unsupported ? t("notify.desktop_unsupported") : blocked ? t("notify.desktop_blocked") : t("notify.desktop_desc");
  return (
    <SwitchRow
      label={t("notify.desktop")}
      description={description}
      checked={wanted && permission === "granted"}
      disabled={blocked || unsupported}
      onChange={(on) => void setDesktopWanted(on).then(setPermission)}
    />
  );
}

/** Web Push on this browser: subscribe the service worker and register it with the server, or drop both. */
function PushRow() {
  const { t } = useTranslation("setting");
  const dispatch = useAppDispatch();
  const [on, setOn] = useState(false);
  const [busy, setBusy] = useState(true);
  const [error, setError] = useState<{ code: PushErrorCode; detail?: string } | null>(null);
  const [add] = useAddPushSubscriptionMutation();
  const [remove] = useRemovePushSubscriptionMutation();
  const supported = pushSupported();

  // A subscription this browser already has is registered again for whoever is signed in now
  // (the server moves an endpoint to its latest owner): the switch shows what the server has.
  useEffect(() => {
    let live = true;
    void (async () => {
      const sub = await currentSubscription();
      const json = sub?.toJSON();
      let ok = !!sub;
      if (sub && json?.keys?.p256dh && json.keys.auth) {
        const res = await add({ endpoint: sub.endpoint, keys: { p256dh: json.keys.p256dh, auth: json.keys.auth }, device: getDeviceKey() });
        ok = !("error" in res);
        if (live && !ok) setError({ code: "token-update-failed", detail: refusalText(res.error) });
      } else if (sub) {
        ok = false;
        if (live) setError({ code: "token-update-no-token" });
      }
      if (!live) return;
      setOn(ok);
      setBusy(false);
    })();
    return () => {
      live = false;
    };
  }, [add]);

  const change = async (next: boolean) => {
    setBusy(true);
    setError(null);
    try {
      if (next) {
        const key = await dispatch(notificationsApi.endpoints.getVapidPublicKey.initiate(undefined, { subscribe: false, forceRefetch: true }));
        const sub = await subscribePush(key.data?.public_key);
        const res = await add({ ...sub, device: getDeviceKey() });
        if ("error" in res) throw new PushError("token-update-failed", refusalText(res.error));
        setOn(true);
      } else {
        const endpoint = await unsubscribePush();
        setOn(false);
        if (endpoint) {
          const res = await remove(endpoint);
          if ("error" in res) throw new PushError("token-unsubscribe-failed", refusalText(res.error));
        }
      }
    } catch (err) {
      const cause = err instanceof PushError && typeof err.cause === "string" ? err.cause : undefined;
      setError({ code: pushErrorCode(err), detail: cause });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div>
      <SwitchRow
        label={t("notify.push")}
        description={supported ? t("notify.push_desc") : t("notify.push_error.unsupported-browser")}
        checked={on}
        disabled={!supported || busy}
        onChange={(next) => void change(next)}
      />
      {error && (
        <Alert tone="error" title={t("notify.push_failed")} className="mx-5 mb-4">
          {t(`notify.push_error.${error.code}`)}
          {error.detail ? ` (${error.detail})` : ""}
        </Alert>
      )}
    </div>
  );
}

/** The e-mail digest of unread messages (`msg_smtp_notify_enable` of `PUT /user`), only when the admin turned it on with working SMTP. */
function EmailRow() {
  const { t } = useTranslation("setting");
  const serverOn = useAppSelector((s) => !!s.server.common?.msg_smtp_notify_enable);
  const smtp = useAppSelector((s) => s.server.smtpEnabled !== false);
  const hasEmail = useAppSelector((s) => !!s.authData.user?.email);
  const stored = useAppSelector((s) => !!s.authData.user?.msg_smtp_notify_enable);
  const [save, { isLoading }] = useSetEmailNotifyMutation();
  const [error, setError] = useState<string | null>(null);
  const reason = !serverOn || !smtp ? t("notify.email_off_server") : !hasEmail ? t("notify.email_no_address") : null;
  return (
    <div>
      <SwitchRow
        label={t("notify.email")}
        description={reason ?? t("notify.email_desc")}
        checked={stored && !reason}
        disabled={!!reason || isLoading}
        onChange={(on) =>
          void save(on).then((res) => setError("error" in res ? (refusalText(res.error) ?? t("overview_edit.failed_unknown")) : null))
        }
      />
      {error && (
        <Alert tone="error" title={t("overview_edit.failed")} className="mx-5 mb-4">
          {error}
        </Alert>
      )}
    </div>
  );
}

/**
 * `/setting/notifications` (every user): sound, desktop notifications and Web Push on this
 * browser, the e-mail digest, the user's notification channels; admins also pick the channel
 * types users may add (docs/API.md "Web Push (addition)", "Notification channels").
 */
export default function Notifications() {
  const { t } = useTranslation("setting");
  const dispatch = useAppDispatch();
  const sound = useAppSelector((s) => s.ui.msgSound);
  const admin = useAppSelector((s) => !!s.authData.user?.is_admin);
  const guest = useAppSelector((s) => s.authData.guest);
  return (
    <div className="mx-auto max-w-2xl space-y-8 p-6" data-testid="notifications-page">
      <Section title={t("notify.this_browser")} description={t("notify.this_browser_hint")} testId="notify-device">
        <SwitchRow label={t("notify.sound")} description={t("notify.sound_desc")} checked={sound} onChange={(on) => dispatch(setMsgSound(on))} />
        <DesktopRow />
        {!guest && <PushRow />}
      </Section>
      {!guest && (
        <Section title={t("notify.email_title")} testId="notify-email">
          <EmailRow />
        </Section>
      )}
      {!guest && <NotificationChannels />}
      {admin && <ChannelTypes />}
    </div>
  );
}
