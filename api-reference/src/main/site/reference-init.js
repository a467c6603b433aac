// The reference of the document beside this page (<base>/openapi.json). Nothing is fetched from
// anywhere else: no web fonts (system fonts), no telemetry, no proxy; "Test Request" sends the
// request itself, to this installation, with the API key typed into Authentication.
Scalar.createApiReference('#app', {
  url: new URL('../openapi.json', window.location.href).href,
  withDefaultFonts: false,
  telemetry: false,
  showDeveloperTools: 'never',
  persistAuth: false,
  agent: { disabled: true },
  mcp: { disabled: true },
  authentication: { preferredSecurityScheme: 'apiKey' },
  defaultHttpClient: { targetKey: 'shell', clientKey: 'curl' },
  metaData: { title: 'Course Platform API reference' },
});
