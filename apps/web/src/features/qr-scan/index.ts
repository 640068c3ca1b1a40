export { QrScanPage } from './routes/qr-scan-page';
