// `--admission-control-config-file`: the AdmissionConfiguration and each plugin's configuration document
// (admission-configuration.ts), and the decoding of a plugin's own kind from it (decode.ts).
export { NO_ADMISSION_CONFIGURATION, readAdmissionConfiguration, type AdmissionConfiguration, type PluginConfigSource } from './admission-configuration.js';
export { decodeConfig, strictDecodingError, type ConfigScheme, type DecodedConfig, type FieldType, type StructType } from './decode.js';
