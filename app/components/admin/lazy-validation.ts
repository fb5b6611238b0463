import { createLazyValidation } from "../lazy-validation";

/** The admin forms' validation in the browser, from `./validators` once it has arrived (see createLazyValidation). */
export const { useLazyValidation } = createLazyValidation(() => import("./validators"));
