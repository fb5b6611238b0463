/** The response header naming the build that answered: React Router's manifest version of that build. */
export const BUILD_HEADER = "X-Build";
