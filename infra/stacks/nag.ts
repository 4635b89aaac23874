import { Stack, Validations, type CfnElement } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

/**
 * How cdk-nag names a reference (an ARN or a Ref of `owner`) inside a finding id as seen from `consumer`: within one
 * stack `<LogicalId.Arn>` / `<LogicalId>`; across stacks the export name of the CloudFormation import CDK creates for
 * it (`exportValue` returns that same import, so the name is the one the synthesized template will use).
 */
export function nagName(consumer: IConstruct, owner: IConstruct, value: string, kind: 'Arn' | 'Ref'): string {
  const ownerStack = Stack.of(owner);
  if (Stack.of(consumer) === ownerStack) {
    const cfn = owner.node.defaultChild as CfnElement | undefined;
    if (!cfn) throw new Error(`${owner.node.path} has no CloudFormation resource`);
    const id = ownerStack.getLogicalId(cfn);
    return kind === 'Arn' ? `<${id}.Arn>` : `<${id}>`;
  }
  const imported: unknown = ownerStack.resolve(ownerStack.exportValue(value));
  const name = (imported as { 'Fn::ImportValue'?: unknown })['Fn::ImportValue'];
  if (typeof name !== 'string') throw new Error(`No export name for a reference to ${owner.node.path}`);
  return name;
}

/** Acknowledges single AwsSolutions-IAM5 findings (one wildcard each), each with its own reason. */
export function acknowledgeWildcards(scope: IConstruct, findings: Record<string, string>): void {
  Validations.of(scope).acknowledge(
    ...Object.entries(findings).map(([finding, reason]) => ({ id: `AwsSolutions-IAM5[${finding}]`, reason })),
  );
}
