import { Aws } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import { routes } from '../../functions/routes';
import { acknowledgeWildcards } from './nag';
import type { HandlerFunction } from './node-function';

/**
 * The API keys an administrator saves in the admin portal (decision 071): one Secrets Manager secret per key, created
 * by the save under the stage's name prefix (functions/adapters/managed-secrets.ts). No function reaches a secret
 * outside its stage's prefix, and none gets a `*` resource.
 */
export function adminSecretsPrefix(stage: string): string {
  return `marketplace/${stage}/api-keys/`;
}

export const ADMIN_SECRETS_PREFIX_ENV = 'ADMIN_SECRETS_PREFIX';

/** What each kind of function may do under the prefix. */
const ACTIONS = {
  save: ['secretsmanager:CreateSecret', 'secretsmanager:PutSecretValue', 'secretsmanager:DescribeSecret'],
  status: ['secretsmanager:DescribeSecret'],
  read: ['secretsmanager:GetSecretValue'],
} as const;
export type AdminSecretsAccess = keyof typeof ACTIONS;

/** The save route writes, the API keys tab's read asks which exist; every function that uses a managed key reads. */
export const ADMIN_SECRETS_WRITER: string = routes.saveApiKey.name;
export const ADMIN_SECRETS_STATUS: string = routes.getApiKeys.name;
/** The product lookup, the one user of the UPC service key (the Xaman and FedEx users have their flags). */
export const PRODUCT_LOOKUP_ROUTE: string = routes.lookupProducts.name;

/** Secrets Manager ARNs end in `-` and six random characters after the name, so the prefix needs its wildcard. */
const prefixArn = (prefix: string) =>
  `arn:${Aws.PARTITION}:secretsmanager:${Aws.REGION}:${Aws.ACCOUNT_ID}:secret:${prefix}*`;

/** ADMIN_SECRETS_PREFIX and the one statement of `access` on the secrets under it. */
export function grantAdminSecrets(fn: HandlerFunction, prefix: string, access: AdminSecretsAccess): void {
  fn.fn.addEnvironment(ADMIN_SECRETS_PREFIX_ENV, prefix);
  fn.fn.addToRolePolicy(new iam.PolicyStatement({ actions: [...ACTIONS[access]], resources: [prefixArn(prefix)] }));
  acknowledgeWildcards(fn, {
    [`Resource::arn:<AWS::Partition>:secretsmanager:<AWS::Region>:<AWS::AccountId>:secret:${prefix}*`]:
      'Saved API keys are secrets named under this stage’s prefix, created on their first save; Secrets Manager adds ' +
      'a random suffix to each ARN (decision 071).',
  });
}
