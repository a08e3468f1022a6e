// The defaults of Acme's configuration.
export default {
  /// [defaults]
  mode: 'replay',
  recordIfMissing: true,
  /// [defaults]
};
