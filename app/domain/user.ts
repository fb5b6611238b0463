import type { Language } from "./rules";
import type { Role, UserStatus } from "./status";

/** What the session layer and the UI may know about a user: never the password hash. */
export type SessionUser = {
  id: number;
  email: string;
  role: Role;
  status: UserStatus;
  language: Language;
  fullName: string | null;
  createdAt: Date;
};
