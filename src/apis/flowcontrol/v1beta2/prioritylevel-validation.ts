// PriorityLevelConfiguration validation (3-resources "PriorityLevelConfiguration"), as upstream 1.25
// ValidatePriorityLevelConfiguration: `Exempt` exactly for the level named `exempt`, `limited` only (and
// always) for `Limited`, queuing only (and always) for `Queue`, queue sizes and the shuffle-sharding
// entropy bound, and the mandatory levels' fixed specs.
import { forbidden, invalid, notSupported, required, type FieldError } from '../../../errors/field-errors.js';
import { nameIsDNSSubdomain, validateObjectMeta } from '../../meta/v1/validation.js';
import { mandatoryPriorityLevel } from './bootstrap.js';
import { validateConditionTypes } from './flowschema-validation.js';
import { goStruct, PRIORITY_LEVEL_SPEC } from './go-syntax.js';
import type { LimitResponse, PriorityLevelConfiguration, PriorityLevelConfigurationSpec, QueuingConfiguration } from './schemas.generated.js';
import { semanticEqual } from './semantic-equal.js';

/** At most this many queues (10^7). */
export const MAX_QUEUES = 10_000_000;
/** Bits of hash a shuffle-sharding deal may use (upstream shufflesharding.MaxHashBits). */
export const MAX_HASH_BITS = 60;
const ENABLEMENTS = ['Exempt', 'Limited'];
const LIMIT_RESPONSE_TYPES = ['Queue', 'Reject'];

/** upstream shufflesharding.RequiredEntropyBits: ceil(log2(deckSize) * handSize). */
export const requiredEntropyBits = (deckSize: number, handSize: number): number => Math.ceil(Math.log2(deckSize) * handSize);

/** upstream ValidatePriorityLevelConfiguration (create and update alike). */
export function validatePriorityLevelConfiguration(pl: PriorityLevelConfiguration): FieldError[] {
  const name = pl.metadata.name ?? '';
  const errs = validateObjectMeta(pl.metadata, { namespaced: false, nameValidator: nameIsDNSSubdomain });
  errs.push(...validateSpec(pl.spec ?? ({} as PriorityLevelConfigurationSpec), name));
  const mandatory = mandatoryPriorityLevel(name);
  if (mandatory && !semanticEqual(pl.spec, mandatory.spec)) {
    errs.push(invalid('spec', goStruct(pl.spec, PRIORITY_LEVEL_SPEC), `spec of '${name}' must equal the fixed value`));
  }
  return [...errs, ...validateConditionTypes(pl.status?.conditions)];
}

/** upstream ValidatePriorityLevelConfigurationStatusUpdate. */
export const validatePriorityLevelConfigurationStatusUpdate = (pl: PriorityLevelConfiguration): FieldError[] => validateConditionTypes(pl.status?.conditions);

function validateSpec(spec: PriorityLevelConfigurationSpec, name: string): FieldError[] {
  const errs: FieldError[] = [];
  const type = spec.type ?? '';
  if ((name === 'exempt') !== (type === 'Exempt')) errs.push(invalid('spec.type', type, "type must be 'Exempt' if and only if name is 'exempt'"));
  if (type === 'Exempt') {
    if (spec.limited) errs.push(forbidden('spec.limited', 'must be nil if the type is not Limited'));
  } else if (type === 'Limited') {
    if (!spec.limited) errs.push(required('spec.limited', 'must not be empty when type is Limited'));
    else {
      const shares = spec.limited.assuredConcurrencyShares ?? 0;
      if (shares <= 0) errs.push(invalid('spec.limited.assuredConcurrencyShares', shares, 'must be positive'));
      errs.push(...validateLimitResponse(spec.limited.limitResponse ?? ({} as LimitResponse), 'spec.limited.limitResponse'));
    }
  } else {
    errs.push(notSupported('spec.type', type, ENABLEMENTS));
  }
  return errs;
}

function validateLimitResponse(response: LimitResponse, path: string): FieldError[] {
  switch (response.type) {
    case 'Reject':
      return response.queuing ? [forbidden(`${path}.queuing`, 'must be nil if limited.limitResponse.type is not Limited')] : [];
    case 'Queue':
      if (!response.queuing) return [required(`${path}.queuing`, 'must not be empty if limited.limitResponse.type is Limited')];
      return validateQueuing(response.queuing, `${path}.queuing`);
    default:
      return [notSupported(`${path}.type`, response.type ?? '', LIMIT_RESPONSE_TYPES)];
  }
}

/** Queue length and count positive, hand size positive, at most the queue count, within the entropy bound. */
function validateQueuing(queuing: QueuingConfiguration, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const { queueLengthLimit = 0, queues = 0, handSize = 0 } = queuing;
  if (queueLengthLimit <= 0) errs.push(invalid(`${path}.queueLengthLimit`, queueLengthLimit, 'must be positive'));
  if (queues <= 0) errs.push(invalid(`${path}.queues`, queues, 'must be positive'));
  else if (queues > MAX_QUEUES) errs.push(invalid(`${path}.queues`, queues, `must not be greater than ${MAX_QUEUES}`));
  if (handSize <= 0) errs.push(invalid(`${path}.handSize`, handSize, 'must be positive'));
  else if (handSize > queues) errs.push(invalid(`${path}.handSize`, handSize, `should not be greater than queues (${queues})`));
  else if (requiredEntropyBits(queues, handSize) > MAX_HASH_BITS) {
    errs.push(invalid(`${path}.handSize`, handSize, `required entropy bits of deckSize ${queues} and handSize ${handSize} should not be greater than ${MAX_HASH_BITS}`));
  }
  return errs;
}
