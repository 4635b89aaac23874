import { RemovalPolicy, Validations } from 'aws-cdk-lib';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';

/**
 * A retained secret created without a value (a generated one could never be the third party's, or the platform
 * account's seed); an operator puts it after deploying (README, "Deploying to AWS"). Until then reads fail.
 * `notRotated` says why Secrets Manager does not rotate it (the cdk-nag AwsSolutions-SMG4 acknowledgement).
 */
export function emptySecret(
  scope: Construct,
  id: string,
  description: string,
  notRotated: string,
): secretsmanager.Secret {
  const secret = new secretsmanager.Secret(scope, id, {
    description: `${description} (put the value after deploying)`,
    removalPolicy: RemovalPolicy.RETAIN,
  });
  (secret.node.defaultChild as secretsmanager.CfnSecret).addPropertyDeletionOverride('GenerateSecretString');
  Validations.of(secret).acknowledge({ id: 'AwsSolutions-SMG4', reason: notRotated });
  return secret;
}
