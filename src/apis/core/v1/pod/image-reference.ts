// The tag of a container image reference as upstream's parsers.ParseImageName finds it (docker
// reference grammar of distribution/reference): the default pull policy depends on it.

const DOMAIN_COMPONENT = '(?:[a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9-]*[a-zA-Z0-9])';
const DOMAIN = `${DOMAIN_COMPONENT}(?:\\.${DOMAIN_COMPONENT})*(?::[0-9]+)?`;
const NAME_COMPONENT = '[a-z0-9]+(?:(?:[._]|__|[-]*)[a-z0-9]+)*';
const NAME = `(?:${DOMAIN}/)?${NAME_COMPONENT}(?:/${NAME_COMPONENT})*`;
const TAG = '[\\w][\\w.-]{0,127}';
const DIGEST = '[A-Za-z][A-Za-z0-9]*(?:[-_+.][A-Za-z][A-Za-z0-9]*)*:[0-9a-fA-F]{32,}';
const REFERENCE = new RegExp(`^(${NAME})(?::(${TAG}))?(?:@(${DIGEST}))?$`);
const HEX_ID = /^[a-f0-9]{64}$/;
const NAME_TOTAL_LENGTH_MAX = 255;

/**
 * The image's tag: the written one, `latest` when neither tag nor digest is given, and '' when the
 * reference has only a digest or does not parse (upstream ignores the parse error there).
 */
export function imageTag(image: string): string {
  if (HEX_ID.test(image)) return '';
  const match = REFERENCE.exec(image);
  if (!match || (match[1] ?? '').length > NAME_TOTAL_LENGTH_MAX) return '';
  if (match[2]) return match[2];
  return match[3] ? '' : 'latest';
}
