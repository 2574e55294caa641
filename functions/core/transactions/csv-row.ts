/** A transaction as a row of TRANSACTION_CSV_COLUMNS: its media, source, card file and app user flattened. */
export interface CsvTransaction {
  media?: { id: string; serial: string; credit?: number | null } | null;
  source?: { type: number; serial: string } | null;
  creditCardInfo?: { fileId: string } | null;
  externalServiceInfo?: { userId: string } | null;
}

export function transactionCsvRow<T extends CsvTransaction>(t: T): object {
  return {
    ...t,
    mediaId: t.media?.id,
    mediaSerial: t.media?.serial,
    mediaCredit: t.media?.credit,
    sourceType: t.source?.type,
    sourceSerial: t.source?.serial,
    creditCardFileId: t.creditCardInfo?.fileId,
    externalUserId: t.externalServiceInfo?.userId,
  };
}
