import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useAppSelector } from "../../../../app/hooks";
import { useGetLicenseQuery } from "../../../../app/services/license";
import Alert from "../../../../components/ui/Alert";

/**
 * Above the member list when the license's user limit is reached (docs/API.md "License"): adding
 * a member would be refused, so say it before the admin tries, with the way to the License page.
 * Nothing while there is room, no limit, or the license cannot be read.
 */
export default function LimitNotice() {
  const { t } = useTranslation("setting");
  const { data, refetch } = useGetLicenseQuery();
  // An account created or removed anywhere moves the directory on: the count may have moved too.
  const usersVersion = useAppSelector((s) => s.footprint.usersVersion);
  const seen = useRef(usersVersion);
  useEffect(() => {
    if (usersVersion === seen.current) return;
    seen.current = usersVersion;
    void refetch();
  }, [usersVersion, refetch]);
  if (!data || data.user_count < data.user_limit) return null;
  return (
    <Alert tone="warning" title={t("license_page.full_title")}>
      <span data-testid="members-limit">
        {t("license_page.full_members", { limit: data.user_limit })}{" "}
        <Link to="/setting/license" className="font-medium underline underline-offset-2">
          {t("license_page.open")}
        </Link>
      </span>
    </Alert>
  );
}
