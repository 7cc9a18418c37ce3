/** openai/error in the Lambda bundles: the SDK's own error classes (light: no client in them). */
export * from '../../../../node_modules/openai/error.mjs';
