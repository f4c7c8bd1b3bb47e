/** A moment of the bot page (keys, deliveries): date and time in the interface's language, the exact time in its tooltip. */
import { useTranslation } from "react-i18next";
import Timestamp from "../../../../components/ui/Timestamp";
import { dateTimeWithYear } from "../../../../utils/dates";

export default function When({ ts }: { ts: number }) {
  const { i18n } = useTranslation();
  return <Timestamp ts={ts}>{dateTimeWithYear(ts, i18n.language)}</Timestamp>;
}
