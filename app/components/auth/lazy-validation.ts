import { createLazyValidation } from "../lazy-validation";

/** The auth forms' validation in the browser, from `./validators` once it has arrived (see createLazyValidation). */
export const { useLazyValidation } = createLazyValidation(() => import("./validators"));
