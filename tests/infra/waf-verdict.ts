// The template's WAF JSON is untyped; each function states the shape it reads.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

/** A request as the web ACL sees it at CloudFront. */
export interface EdgeRequest {
  method: string;
  path: string;
  ip: string;
}

function inCidr(ip: string, cidr: string): boolean {
  const toInt = (a: string) => a.split('.').reduce((n, part) => n * 256 + Number(part), 0);
  const [base, bits] = cidr.split('/') as [string, string];
  const size = 2 ** (32 - Number(bits));
  return Math.floor(toInt(ip) / size) === Math.floor(toInt(base) / size);
}

/** Whether a statement of the kinds this ACL uses matches (IP sets resolved through `ipSets`, by logical id). */
function matches(statement: Json, req: EdgeRequest, ipSets: Record<string, string[]>): boolean {
  if (statement.AndStatement) return statement.AndStatement.Statements.every((s: Json) => matches(s, req, ipSets));
  if (statement.NotStatement) return !matches(statement.NotStatement.Statement, req, ipSets);
  if (statement.IPSetReferenceStatement) {
    const id = statement.IPSetReferenceStatement.Arn['Fn::GetAtt'][0] as string;
    return ipSets[id]!.some((cidr) => inCidr(req.ip, cidr));
  }
  const byte = statement.ByteMatchStatement;
  if (byte) {
    const value = byte.FieldToMatch.Method ? req.method : byte.FieldToMatch.UriPath ? req.path : undefined;
    if (value === undefined) throw new Error(`field not modelled: ${JSON.stringify(byte.FieldToMatch)}`);
    if (byte.PositionalConstraint === 'EXACTLY') return value === byte.SearchString;
    if (byte.PositionalConstraint === 'STARTS_WITH') return value.startsWith(byte.SearchString);
  }
  throw new Error(`statement not modelled: ${JSON.stringify(statement)}`);
}

/**
 * What the web ACL may do to a request, assuming the worst of what the template can't know (it comes in a burst, and
 * it trips a managed rule, such as a missing User-Agent): 'allowed' by a rule that lets it through before anything
 * else, or the names of the rules that may refuse it (rate-based rules it counts towards, managed groups that inspect
 * it). An empty list: nothing may refuse it.
 */
export function wafVerdict(
  acl: Json,
  ipSets: Record<string, string[]>,
  req: EdgeRequest,
): { allowedBy: string } | { mayRefuse: string[] } {
  const mayRefuse: string[] = [];
  const rules = [...(acl.Rules as Json[])].sort((a, b) => a.Priority - b.Priority);
  for (const rule of rules) {
    const s = rule.Statement;
    if (s.RateBasedStatement) {
      const scope = s.RateBasedStatement.ScopeDownStatement;
      if (!scope || matches(scope, req, ipSets)) mayRefuse.push(rule.Name);
    } else if (s.ManagedRuleGroupStatement) {
      const scope = s.ManagedRuleGroupStatement.ScopeDownStatement;
      if (!scope || matches(scope, req, ipSets)) mayRefuse.push(rule.Name);
    } else if (matches(s, req, ipSets)) {
      if (rule.Action.Allow) return { allowedBy: rule.Name };
      mayRefuse.push(rule.Name);
    }
  }
  return { mayRefuse };
}
