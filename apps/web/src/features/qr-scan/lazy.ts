/**
 * The scanner, loaded on demand (routes.ts) with the QR decoder it needs. Import this module
 * only with `import()`: a static import puts it back into the first-load bundle.
 */
export { QrScanPage } from './routes/qr-scan-page';
