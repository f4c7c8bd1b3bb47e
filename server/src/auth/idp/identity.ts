/** What a provider vouched for, once its credential was verified (docs/API.md "Third-party sign-in"). */
export interface VerifiedIdentity {
  provider: "google" | "github" | "oidc";
  /** The OIDC issuer URL; "" for Google and GitHub. */
  issuer: string;
  subject: string;
  /** Only an address the provider says it verified; null otherwise. */
  email: string | null;
  /** A display name for a new account. */
  name: string | null;
}
