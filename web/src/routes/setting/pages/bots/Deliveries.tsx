/**
 * A bot's latest webhook deliveries (newest first): status, attempts, the next try, the last
 * answer or error, and "Retry" on one that failed. Read again every few seconds while pending
 * ones remain, so a delivery is seen landing.
 */
import { useTranslation } from "react-i18next";
import { useGetDeliveriesQuery, useRetryDeliveryMutation, type DeliveryStatus, type WebhookDelivery } from "../../../../app/services/bots";
import { refusalText } from "../../../../app/services/refusal";
import { RefreshIcon } from "../../../../components/Icons";
import Badge from "../../../../components/ui/Badge";
import Button from "../../../../components/ui/Button";
import { toast } from "../../../../utils/toast";
import When from "./When";

/** How often the list is read again while a delivery is pending. */
const PENDING_POLL_MS = 3000;

const TONE: Record<DeliveryStatus, "success" | "warning" | "neutral"> = { delivered: "success", failed: "warning", pending: "neutral" };

export default function Deliveries({ uid }: { uid: number }) {
  const { t } = useTranslation("setting");
  const first = useGetDeliveriesQuery(uid);
  const pending = !!first.data?.some((d) => d.status === "pending");
  const list = useGetDeliveriesQuery(uid, { pollingInterval: pending ? PENDING_POLL_MS : 0 });
  const [retry] = useRetryDeliveryMutation();

  const retryOne = async (d: WebhookDelivery) => {
    const res = await retry({ uid, id: d.id });
    if ("error" in res) toast.error(refusalText(res.error) ?? t("bots_page.failed"));
    else toast.success(t("bots_page.deliveries.retried"));
  };

  return (
    <div className="rounded-xl border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900" data-testid="bot-deliveries">
      <div className="flex items-center justify-between gap-2 border-b border-zinc-100 px-5 py-2.5 dark:border-zinc-800">
        <p className="text-xs text-zinc-500 dark:text-zinc-400">{t("bots_page.deliveries.kept")}</p>
        <Button variant="ghost" size="sm" icon={<RefreshIcon size={15} />} loading={list.isFetching} onClick={() => void list.refetch()}>
          {t("bots_page.deliveries.refresh")}
        </Button>
      </div>
      {list.isError && <p className="px-5 py-4 text-sm text-red-600 dark:text-red-400">{t("bots_page.load_failed")}</p>}
      {list.data?.length === 0 && <p className="px-5 py-4 text-sm text-zinc-500 dark:text-zinc-400">{t("bots_page.deliveries.none")}</p>}
      {!!list.data?.length && (
        <ul className="divide-y divide-zinc-100 dark:divide-zinc-800" aria-label={t("bots_page.deliveries.title")}>
          {list.data.map((d) => (
            <li key={d.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-5 py-3" data-testid="bot-delivery" data-status={d.status}>
              <Badge tone={TONE[d.status]}>{t(`bots_page.deliveries.status.${d.status}`)}</Badge>
              <div className="min-w-0 flex-1 text-xs text-zinc-500 dark:text-zinc-400">
                <p className="text-sm text-zinc-900 dark:text-zinc-100">
                  {t("bots_page.deliveries.message", { mid: d.mid })} · <When ts={d.created_at} />
                </p>
                <p>
                  {t("bots_page.deliveries.attempts", { n: d.attempts })}
                  {d.status === "pending" && d.next_attempt_at && (
                    <>
                      {" · "}
                      {t("bots_page.deliveries.next")} <When ts={d.next_attempt_at} />
                    </>
                  )}
                  {d.last_status !== null && ` · HTTP ${d.last_status}`}
                </p>
                {d.last_error && d.status !== "delivered" && <p className="truncate text-red-600 dark:text-red-400">{d.last_error}</p>}
              </div>
              {d.status === "failed" && (
                <Button variant="secondary" size="sm" onClick={() => void retryOne(d)} aria-label={t("bots_page.deliveries.retry_named", { mid: d.mid })}>
                  {t("bots_page.deliveries.retry")}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
