import { NestedStack, Stack, type CfnElement } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { IConstruct } from 'constructs';
import type { HandlerFunction } from '../../infra/stacks/node-function';

// Template JSON is untyped; each assertion states the shape it expects.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;
export interface Resource {
  Type: string;
  Properties?: Record<string, Json>;
  DependsOn?: string[];
}
export interface Statement {
  Action: string | string[];
  Resource: Json;
  Condition?: Json;
}

/**
 * Templates of a synthesized app, each read once: a stack's, or a nested stack's (the API's route areas, decision
 * 038), whose resources are in its own template and not its parent's.
 */
const templates = new WeakMap<Stack, Template>();

/** The template of the stack or nested stack that holds `construct`. */
export function templateOf(construct: IConstruct): Template {
  const stack = Stack.of(construct);
  let template = templates.get(stack);
  if (!template) {
    template = Template.fromStack(stack);
    templates.set(stack, template);
  }
  return template;
}

/** Every stack of the app and every nested stack in them. */
export function allStacks(app: IConstruct): Stack[] {
  return app.node.findAll().filter((c): c is Stack => Stack.isStack(c));
}

/** The nested stacks in `stack`. */
export function nestedStacksOf(stack: Stack): NestedStack[] {
  return stack.node
    .findAll()
    .filter((c): c is NestedStack => NestedStack.isNestedStack(c) && c.nestedStackParent === stack);
}

/** A construct's CloudFormation resource (its default child; a nested stack's is its stack resource in the parent). */
const cfnOf = (construct: IConstruct) => (construct.node.defaultChild ?? construct) as CfnElement;

/** The logical id of a construct's CloudFormation resource in its own template. */
export function logicalIdOf(construct: IConstruct): string {
  const cfn = cfnOf(construct);
  return Stack.of(cfn).getLogicalId(cfn);
}

/** A construct's CloudFormation resource as synthesized, from its own (nested) stack's template. */
export function resourceOf(construct: IConstruct): Resource {
  const cfn = cfnOf(construct);
  const resource = (templateOf(cfn).toJSON().Resources as Record<string, Resource>)[logicalIdOf(cfn)];
  if (!resource) throw new Error(`No resource for ${construct.node.path}`);
  return resource;
}

/** A function's environment variables as synthesized. */
export function environmentOf(fn: HandlerFunction): Record<string, Json> {
  return resourceOf(fn.fn).Properties!.Environment.Variables as Record<string, Json>;
}

/** Every statement of the policies attached to a function's role. */
export function roleStatements(fn: HandlerFunction): Statement[] {
  const role = fn.fn.role!;
  const roleId = logicalIdOf(role);
  return Object.values(templateOf(role).findResources('AWS::IAM::Policy') as Record<string, Resource>)
    .filter((p) => (p.Properties!.Roles as { Ref: string }[]).some((r) => r.Ref === roleId))
    .flatMap((p) => p.Properties!.PolicyDocument.Statement as Statement[]);
}
