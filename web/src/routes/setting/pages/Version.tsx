import { useTranslation } from "react-i18next";
import { SUB_VERSION, VERSION } from "../../../app/config";
import { useAppSelector } from "../../../app/hooks";
import { Card, Row } from "../SettingsFrame";

export default function Version() {
  const { t } = useTranslation("setting");
  const server = useAppSelector((s) => s.server.version);
  return (
    <div className="mx-auto max-w-2xl p-6">
      <Card>
        <Row label={t("version.client")}>{VERSION}</Row>
        <Row label={t("version.sub")}>{SUB_VERSION}</Row>
        <Row label={t("version.server")}>
          <span data-testid="server-version">{server ?? "—"}</span>
        </Row>
      </Card>
    </div>
  );
}
