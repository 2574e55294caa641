import { Stack, Validations } from 'aws-cdk-lib';
import type * as iam from 'aws-cdk-lib/aws-iam';
import type { IConstruct } from 'constructs';

/**
 * cdk-nag v3 acknowledgments go through CDK's `Validations.of(construct).acknowledge()`; a rule with several
 * findings (IAM4/IAM5) is acknowledged finding by finding: `AwsSolutions-IAM5[Action::s3:GetObject*]`.
 * Acknowledgments apply to the construct and everything below it.
 */
export function acknowledge(scope: IConstruct, ruleId: string, reason: string, findings?: readonly string[]): void {
  if (!findings) {
    Validations.of(scope).acknowledge({ id: ruleId, reason });
    return;
  }
  for (const finding of findings) Validations.of(scope).acknowledge({ id: `${ruleId}[${finding}]`, reason });
}

/** Same flattening as cdk-nag (utils/flatten-cfn-reference): `${x}` → `<x>`, Ref → `<x>`, GetAtt → `<r.a>`. */
function flatten(node: unknown): string {
  if (node === undefined) return '';
  if (typeof node === 'string') return node.replace(/\$\{/g, '<').replace(/}/g, '>');
  if (node && typeof node === 'object') {
    const o = node as Record<string, unknown>;
    if (o['Fn::Join']) {
      const [delimiter, items] = o['Fn::Join'] as [string, unknown[]];
      return items.map(flatten).join(delimiter);
    }
    if (o['Fn::Sub']) return flatten(o['Fn::Sub']);
    if (o['Fn::GetAtt']) {
      const [resource, attribute] = o['Fn::GetAtt'] as [unknown, unknown];
      return `<${flatten(resource)}.${flatten(attribute)}>`;
    }
    if (o['Fn::ImportValue']) return flatten(o['Fn::ImportValue']);
    if (o.Ref) return `<${flatten(o.Ref)}>`;
  }
  return JSON.stringify(node);
}

const asArray = (v: unknown): unknown[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/**
 * The AwsSolutions-IAM5 findings (`Action::…` / `Resource::…` containing `*`) that these statements raise.
 * Only exact for statements whose tokens are local to the stack (pseudo parameters, own resources), which is
 * how the grant helpers build them; cross-stack imports are flattened differently after synthesis.
 */
export function wildcardFindings(stack: Stack, statements: readonly iam.PolicyStatement[]): string[] {
  return findingsOf(statements.map((statement) => stack.resolve(statement.toStatementJson()) as Record<string, unknown>));
}

/** The IAM5 findings of a whole policy document (e.g. the default policy of a role CDK builds for us). */
export function documentWildcardFindings(stack: Stack, document: iam.PolicyDocument): string[] {
  const resolved = stack.resolve(document.toJSON()) as { Statement?: Record<string, unknown>[] } | undefined;
  return findingsOf(resolved?.Statement ?? []);
}

function findingsOf(statements: readonly Record<string, unknown>[]): string[] {
  const findings = new Set<string>();
  for (const json of statements) {
    if (json.Effect !== 'Allow') continue;
    for (const action of asArray(json.Action)) {
      if (typeof action === 'string' && action.includes('*')) findings.add(`Action::${action}`);
    }
    for (const resource of asArray(json.Resource)) {
      const flat = flatten(resource);
      if (flat.includes('*')) findings.add(`Resource::${flat}`);
    }
  }
  return [...findings];
}

/**
 * Adds statements to a role and acknowledges each wildcard they contain with the reason given, so every
 * wildcard is justified exactly where it is granted.
 */
export function grantWithReason(role: iam.IRole, reason: string, ...statements: iam.PolicyStatement[]): void {
  for (const statement of statements) role.addToPrincipalPolicy(statement);
  const findings = wildcardFindings(Stack.of(role), statements);
  if (findings.length > 0) acknowledge(role, 'AwsSolutions-IAM5', reason, findings);
}
