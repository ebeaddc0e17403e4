// Go's `%#v` of flowcontrol's internal types, as upstream's field errors print a bad struct value
// (`flowcontrol.FlowDistinguisherMethod{Type:"ByFoo"}`, a whole spec for the mandatory objects' rule).
// Fields appear in the internal types' Go order. One deviation: Go prints a nested non-nil pointer as
// its address (`(*flowcontrol.UserSubject)(0xc000a1b2c0)`), which no other server could reproduce; we
// print the pointed-to value as `&flowcontrol.UserSubject{Name:"x"}` instead.
import { GoLiteral } from '../../../errors/field-errors.js';
import { goQuote } from '../../../registry/selectors/go-format.js';

type Scalar = 'string' | 'int' | 'bool';
interface StructType {
  name: string;
  /** [Go field name, JSON field name, type] in Go declaration order. */
  fields: readonly (readonly [string, string, GoType])[];
}
type GoType = Scalar | { struct: StructType } | { pointer: StructType } | { slice: GoType; elem: string };

const struct = (name: string, fields: StructType['fields']): StructType => ({ name: `flowcontrol.${name}`, fields });
const stringSlice: GoType = { slice: 'string', elem: 'string' };
const sliceOf = (t: StructType): GoType => ({ slice: { struct: t }, elem: t.name });

const nameOnly = (name: string) => struct(name, [['Name', 'name', 'string']]);
const subject = struct('Subject', [
  ['Kind', 'kind', 'string'],
  ['User', 'user', { pointer: nameOnly('UserSubject') }],
  ['Group', 'group', { pointer: nameOnly('GroupSubject') }],
  ['ServiceAccount', 'serviceAccount', { pointer: struct('ServiceAccountSubject', [['Namespace', 'namespace', 'string'], ['Name', 'name', 'string']]) }],
]);
const resourceRule = struct('ResourcePolicyRule', [
  ['Verbs', 'verbs', stringSlice],
  ['APIGroups', 'apiGroups', stringSlice],
  ['Resources', 'resources', stringSlice],
  ['ClusterScope', 'clusterScope', 'bool'],
  ['Namespaces', 'namespaces', stringSlice],
]);
const nonResourceRule = struct('NonResourcePolicyRule', [['Verbs', 'verbs', stringSlice], ['NonResourceURLs', 'nonResourceURLs', stringSlice]]);
const rules = struct('PolicyRulesWithSubjects', [
  ['Subjects', 'subjects', sliceOf(subject)],
  ['ResourceRules', 'resourceRules', sliceOf(resourceRule)],
  ['NonResourceRules', 'nonResourceRules', sliceOf(nonResourceRule)],
]);

/** flowcontrol.FlowDistinguisherMethod. */
export const DISTINGUISHER_METHOD = struct('FlowDistinguisherMethod', [['Type', 'type', 'string']]);

/** flowcontrol.FlowSchemaSpec. */
export const FLOW_SCHEMA_SPEC = struct('FlowSchemaSpec', [
  ['PriorityLevelConfiguration', 'priorityLevelConfiguration', { struct: nameOnly('PriorityLevelConfigurationReference') }],
  ['MatchingPrecedence', 'matchingPrecedence', 'int'],
  ['DistinguisherMethod', 'distinguisherMethod', { pointer: DISTINGUISHER_METHOD }],
  ['Rules', 'rules', sliceOf(rules)],
]);

const queuing = struct('QueuingConfiguration', [['Queues', 'queues', 'int'], ['HandSize', 'handSize', 'int'], ['QueueLengthLimit', 'queueLengthLimit', 'int']]);
const limitResponse = struct('LimitResponse', [['Type', 'type', 'string'], ['Queuing', 'queuing', { pointer: queuing }]]);
const limited = struct('LimitedPriorityLevelConfiguration', [
  ['AssuredConcurrencyShares', 'assuredConcurrencyShares', 'int'],
  ['LimitResponse', 'limitResponse', { struct: limitResponse }],
]);

/** flowcontrol.PriorityLevelConfigurationSpec (1.25: Type and Limited). */
export const PRIORITY_LEVEL_SPEC = struct('PriorityLevelConfigurationSpec', [['Type', 'type', 'string'], ['Limited', 'limited', { pointer: limited }]]);

function render(value: unknown, type: GoType): string {
  if (type === 'string') return goQuote(typeof value === 'string' ? value : '');
  if (type === 'int') return String(typeof value === 'number' ? value : 0);
  if (type === 'bool') return String(value === true);
  if ('struct' in type) return renderStruct(value, type.struct);
  if ('pointer' in type) return value == null ? `(*${type.pointer.name})(nil)` : `&${renderStruct(value, type.pointer)}`;
  if (!Array.isArray(value)) return `[]${type.elem}(nil)`;
  return `[]${type.elem}{${value.map((v) => render(v, type.slice)).join(', ')}}`;
}

function renderStruct(value: unknown, type: StructType): string {
  const record = (value ?? {}) as Record<string, unknown>;
  return `${type.name}{${type.fields.map(([goName, jsonName, t]) => `${goName}:${render(record[jsonName], t)}`).join(', ')}}`;
}

/** A bad value printed as upstream's `%#v` of the internal struct `type`. */
export const goStruct = (value: unknown, type: StructType): GoLiteral => new GoLiteral(renderStruct(value, type));
