/**
 * rippled's API versions (RPC::getAPIVersionNumber, src/xrpld/rpc/detail/RPCHelpers.cpp): 1 and 2 are served, a
 * request without `api_version` is answered as version 1 (apiVersionIfUnspecified), anything else is refused with
 * `invalid_API_version` (version 3 is beta-only and not enabled here).
 */
export type ApiVersion = 1 | 2;

export const API_VERSION_IF_UNSPECIFIED: ApiVersion = 1;

/** The request's API version, or undefined when rippled would answer invalid_API_version. */
export function apiVersionOf(request: Record<string, unknown>): ApiVersion | undefined {
  const value = request.api_version;
  if (value === undefined) return API_VERSION_IF_UNSPECIFIED;
  return value === 1 || value === 2 ? value : undefined;
}
