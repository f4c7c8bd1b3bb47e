/**
 * The devices signed in to this account (`GET /user/devices`), this one marked; any other can be
 * signed out (`DELETE /user/devices/{device}`: its session ends and its stream is kicked). This
 * device signs out with the page's sign-out button.
 */
import { useTranslation } from "react-i18next";
import { useGetDevicesQuery, useRemoveDeviceMutation } from "../../../../app/services/account";
import { MonitorIcon, SmartphoneIcon } from "../../../../components/Icons";
import Badge from "../../../../components/ui/Badge";
import Button from "../../../../components/ui/Button";
import { toast } from "../../../../utils/toast";
import { getDeviceKey } from "../../../../utils/device";
import { accountRefusalText, Section } from "../parts";

/** A device id in words: the web client's `web:<id>` is a browser, anything else is an app's own name. */
function deviceLabel(device: string, t: (key: string) => string): string {
  return device.startsWith("web:") ? `${t("account_edit.device_web")} · ${device.slice(4, 10)}` : device;
}

export default function DevicesCard() {
  const { t } = useTranslation("setting");
  const { data: devices, isLoading, isError, refetch } = useGetDevicesQuery();
  const [remove, { isLoading: removing, originalArgs }] = useRemoveDeviceMutation();
  const mine = getDeviceKey();

  const signOut = async (device: string) => {
    const res = await remove(device);
    if ("error" in res) {
      toast.error(accountRefusalText(res.error, t));
      void refetch();
    } else toast.success(t("account_edit.device_signed_out"));
  };

  return (
    <Section title={t("account_edit.devices")} description={t("account_edit.devices_desc")} testId="devices">
      {isError ? (
        <p className="p-5 text-sm text-zinc-500 dark:text-zinc-400">{t("account_edit.error.failed")}</p>
      ) : (
        <ul className="divide-y divide-zinc-100 dark:divide-zinc-800" aria-busy={isLoading} data-testid="device-list">
          {(devices ?? []).map((device) => (
            <li key={device} className="flex items-center gap-3 px-5 py-3" data-testid="device-row" data-device={device}>
              <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-zinc-100 text-zinc-500 dark:bg-zinc-800 dark:text-zinc-400">
                {device.startsWith("web:") ? <MonitorIcon size={17} /> : <SmartphoneIcon size={17} />}
              </span>
              <span className="min-w-0 flex-1 truncate text-sm text-zinc-900 dark:text-zinc-100" title={device}>
                {deviceLabel(device, t)}
              </span>
              {device === mine ? (
                <Badge tone="success">{t("account_edit.this_device")}</Badge>
              ) : (
                <Button variant="secondary" size="sm" loading={removing && originalArgs === device} onClick={() => void signOut(device)} aria-label={t("account_edit.sign_out_device_named", { device: deviceLabel(device, t) })} data-testid="device-sign-out">
                  {t("account_edit.sign_out_device")}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
