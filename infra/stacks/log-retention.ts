import { CfnResource, RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { IConstruct } from 'constructs';

/** How long every log group of the deployment keeps its lines (the functions', the APIs' access logs, CDK's own). */
export const LOG_RETENTION = logs.RetentionDays.ONE_MONTH;

/**
 * Functions CDK makes for itself (the site upload, cross-region references) name no log group, so Lambda would make
 * `/aws/lambda/<name>` on first use and keep it for ever. Each gets that group made here with the deployment's
 * retention, and the custom resources of its stack wait for it, so the group exists before the function first runs.
 */
export function retainLogsOfEveryFunction(app: IConstruct): void {
  for (const stack of app.node.findAll().filter((c): c is Stack => Stack.isStack(c))) {
    const own = stack.node.findAll().filter((c) => Stack.of(c) === stack);
    const groups: CfnResource[] = [];
    for (const fn of own) {
      if (!CfnResource.isCfnResource(fn) || fn.cfnResourceType !== 'AWS::Lambda::Function') continue;
      if (fn instanceof lambda.CfnFunction && fn.loggingConfig) continue;
      const group = new logs.LogGroup(fn.node.scope!, `${fn.node.id}LogGroup`, {
        logGroupName: `/aws/lambda/${fn.ref}`,
        retention: LOG_RETENTION,
        removalPolicy: RemovalPolicy.DESTROY,
      });
      groups.push(group.node.defaultChild as CfnResource);
    }
    if (!groups.length) continue;
    for (const c of own) {
      if (CfnResource.isCfnResource(c) && c.cfnResourceType.startsWith('Custom::')) {
        for (const group of groups) c.addResourceDependency(group);
      }
    }
  }
}
