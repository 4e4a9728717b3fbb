// bakong-khqr 1.0.20 ships JavaScript without types: the part of it we call (decision 040).
declare module 'bakong-khqr' {
  interface KhqrStatus {
    code: 0 | 1;
    errorCode: number | null;
    message: string | null;
  }
  interface KhqrResponse<Data> {
    status: KhqrStatus;
    data: Data | null;
  }
  interface KhqrOptionalData {
    currency?: number;
    /** Decimal text keeps its decimals ("20.00"); a number loses them (20 → "20"). */
    amount?: number | string;
    billNumber?: string;
    mobileNumber?: string;
    storeLabel?: string;
    terminalLabel?: string;
    purposeOfTransaction?: string;
    expirationTimestamp?: number;
    merchantCategoryCode?: string;
  }
  /** Tag values as the payload spells them ("12.50", "840"); absent tags are null. */
  interface DecodedKhqr {
    merchantType: string | null;
    bakongAccountID: string | null;
    billNumber: string | null;
    purposeOfTransaction: string | null;
    transactionCurrency: string | null;
    transactionAmount: string | null;
    merchantName: string | null;
    merchantCity: string | null;
    pointofInitiationMethod: string | null;
    creationTimestamp: string | null;
    expirationTimestamp: string | null;
    countryCode: string | null;
    crc: string | null;
  }
  class IndividualInfo {
    constructor(
      bakongAccountID: string,
      merchantName: string,
      merchantCity: string,
      optional?: KhqrOptionalData,
    );
  }
  class BakongKHQR {
    generateIndividual(info: IndividualInfo): KhqrResponse<{ qr: string; md5: string }>;
    static decode(khqr: string): KhqrResponse<DecodedKhqr>;
    static verify(khqr: string): { isValid: boolean };
  }
  const khqrData: { currency: { usd: 840; khr: 116 } };
  const bakong: {
    BakongKHQR: typeof BakongKHQR;
    IndividualInfo: typeof IndividualInfo;
    khqrData: typeof khqrData;
  };
  export default bakong;
}
