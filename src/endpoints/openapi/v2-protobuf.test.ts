// The protobuf OpenAPI v2 document, decoded by protobufjs from gnostic's message layout (field numbers
// of OpenAPIv2.proto, written out below as facts): the same paths, operations, parameters, definitions
// and vendor extensions as the JSON document.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import protobuf from 'protobufjs';
import YAML from 'yaml';
import { builtInResources } from '../../apis/index.js';
import { buildOpenApiV2 } from './v2.js';
import { encodeOpenApiV2Protobuf } from './v2-protobuf.js';

const GNOSTIC = `
syntax = "proto3";
package openapi.v2;
message Document { string swagger = 1; Info info = 2; Paths paths = 8; Definitions definitions = 9; repeated SecurityRequirement security = 12; SecurityDefinitions security_definitions = 13; }
message Info { string title = 1; string version = 2; }
message Paths { repeated NamedPathItem path = 2; }
message NamedPathItem { string name = 1; PathItem value = 2; }
message PathItem { Operation get = 2; Operation put = 3; Operation post = 4; Operation delete = 5; Operation patch = 8; repeated ParametersItem parameters = 9; repeated NamedAny vendor_extension = 10; }
message Operation { repeated string tags = 1; string operation_id = 5; repeated string produces = 6; repeated string consumes = 7; repeated ParametersItem parameters = 8; Responses responses = 9; repeated string schemes = 10; repeated NamedAny vendor_extension = 13; }
message ParametersItem { Parameter parameter = 1; JsonReference json_reference = 2; }
message JsonReference { string _ref = 1; }
message Parameter { BodyParameter body_parameter = 1; NonBodyParameter non_body_parameter = 2; }
message BodyParameter { string name = 2; string in = 3; bool required = 4; Schema schema = 5; }
message NonBodyParameter { QueryParameterSubSchema query_parameter_sub_schema = 3; PathParameterSubSchema path_parameter_sub_schema = 4; }
message QueryParameterSubSchema { bool required = 1; string in = 2; string description = 3; string name = 4; string type = 6; bool unique_items = 20; }
message PathParameterSubSchema { bool required = 1; string in = 2; string description = 3; string name = 4; string type = 5; bool unique_items = 19; }
message Responses { repeated NamedResponseValue response_code = 1; }
message NamedResponseValue { string name = 1; ResponseValue value = 2; }
message ResponseValue { Response response = 1; }
message Response { string description = 1; SchemaItem schema = 2; }
message SchemaItem { Schema schema = 1; }
message Schema { string _ref = 1; string format = 2; repeated string required = 19; AdditionalPropertiesItem additional_properties = 21; TypeItem type = 22; ItemsItem items = 23; Properties properties = 25; repeated NamedAny vendor_extension = 31; }
message AdditionalPropertiesItem { Schema schema = 1; bool boolean = 2; }
message TypeItem { repeated string value = 1; }
message ItemsItem { repeated Schema schema = 1; }
message Properties { repeated NamedSchema additional_properties = 1; }
message Definitions { repeated NamedSchema additional_properties = 1; }
message NamedSchema { string name = 1; Schema value = 2; }
message NamedAny { string name = 1; Any value = 2; }
message Any { string yaml = 2; }
message SecurityRequirement { repeated NamedStringArray additional_properties = 1; }
message NamedStringArray { string name = 1; StringArray value = 2; }
message StringArray { repeated string value = 1; }
message SecurityDefinitions { repeated NamedSecurityDefinitionsItem additional_properties = 1; }
message NamedSecurityDefinitionsItem { string name = 1; SecurityDefinitionsItem value = 2; }
message SecurityDefinitionsItem { ApiKeySecurity api_key_security = 2; }
message ApiKeySecurity { string type = 1; string name = 2; string in = 3; }
`;

interface NamedAny { name: string; value: { yaml: string } }
interface Schema { _ref?: string; type?: { value: string[] }; required?: string[]; properties?: { additionalProperties: { name: string; value: Schema }[] }; vendorExtension?: NamedAny[]; additionalProperties?: { schema?: Schema } }
interface Parameter { parameter?: { bodyParameter?: { name: string; schema: Schema }; nonBodyParameter?: { queryParameterSubSchema?: { name: string; type: string; uniqueItems: boolean } } } }
interface Operation { operationId: string; parameters?: Parameter[]; responses: { responseCode: { name: string; value: { response: { description: string; schema?: { schema: Schema } } } }[] }; vendorExtension: NamedAny[] }
interface Decoded {
  swagger: string;
  info: { title: string; version: string };
  paths: { path: { name: string; value: { get?: Operation; delete?: Operation; parameters?: Parameter[] } }[] };
  definitions: { additionalProperties: { name: string; value: Schema }[] };
  security: { additionalProperties: { name: string }[] }[];
  securityDefinitions: { additionalProperties: { name: string; value: { apiKeySecurity: { type: string; name: string; in: string } } }[] };
}

test('the protobuf document carries the JSON document: paths, operations, parameters, definitions, extensions', () => {
  const json = buildOpenApiV2(builtInResources(), { version: 'v1.25.0' });
  const Document = protobuf.parse(GNOSTIC).root.lookupType('openapi.v2.Document');
  const doc = Document.toObject(Document.decode(encodeOpenApiV2Protobuf(json)), { defaults: false }) as Decoded;
  assert.equal(doc.swagger, '2.0');
  assert.deepEqual(doc.info, { title: 'Kubernetes', version: 'v1.25.0' });
  assert.deepEqual(doc.paths.path.map((p) => p.name), Object.keys(json['paths'] as object));
  const item = doc.paths.path.find((p) => p.name === '/api/v1/namespaces/{namespace}/configmaps/{name}')!.value;
  assert.equal(item.get?.operationId, 'readCoreV1NamespacedConfigMap');
  const gvk = item.get!.vendorExtension.find((e) => e.name === 'x-kubernetes-group-version-kind')!;
  assert.deepEqual(YAML.parse(gvk.value.yaml), { group: '', kind: 'ConfigMap', version: 'v1' });
  const del = item.delete!;
  assert.equal(del.parameters?.[0]?.parameter?.bodyParameter?.schema._ref, '#/definitions/io.k8s.apimachinery.pkg.apis.meta.v1.DeleteOptions');
  assert.deepEqual(del.parameters?.find((p) => p.parameter?.nonBodyParameter?.queryParameterSubSchema?.name === 'dryRun')?.parameter?.nonBodyParameter?.queryParameterSubSchema, { name: 'dryRun', type: 'string', uniqueItems: true, in: 'query' });
  assert.deepEqual(del.responses.responseCode.map((r) => r.name), ['200', '202', '401']);
  const definitions = new Map(doc.definitions.additionalProperties.map((d) => [d.name, d.value]));
  assert.equal(definitions.size, Object.keys(json['definitions'] as object).length);
  const configMap = definitions.get('io.k8s.api.core.v1.ConfigMap')!;
  const data = configMap.properties!.additionalProperties.find((p) => p.name === 'data')!.value;
  assert.deepEqual(data.type?.value, ['object']);
  assert.deepEqual(data.additionalProperties?.schema?.type?.value, ['string']);
  const condition = definitions.get('io.k8s.api.core.v1.NamespaceCondition')!;
  assert.deepEqual(condition.required, ['status', 'type']);
  const status = definitions.get('io.k8s.api.core.v1.NamespaceStatus')!;
  const conditions = status.properties!.additionalProperties.find((p) => p.name === 'conditions')!.value;
  assert.deepEqual(conditions.vendorExtension?.map((e) => [e.name, YAML.parse(e.value.yaml) as unknown]), [['x-kubernetes-patch-merge-key', 'type'], ['x-kubernetes-patch-strategy', 'merge']]);
  assert.deepEqual(doc.securityDefinitions.additionalProperties[0], { name: 'BearerToken', value: { apiKeySecurity: { type: 'apiKey', name: 'authorization', in: 'header' } } });
  assert.deepEqual(doc.security[0]!.additionalProperties.map((r) => r.name), ['BearerToken']);
});
