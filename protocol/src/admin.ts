/** `GET /api/admin/system/organization` (contract §3.7; newer servers add `server_id`). */
export interface Organization {
  name: string;
  description: string | null;
  server_id?: string;
}

export interface OrganizationUpdate {
  name: string;
  description?: string | null;
}
