import AuditLog from "../AuditLog";

/** Data Management: the audit log; the clearing controls join it with the admin console. */
export default function DataManagement() {
  return (
    <div className="mx-auto max-w-3xl space-y-6 p-6">
      <AuditLog />
    </div>
  );
}
