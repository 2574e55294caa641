// Placeholder until the historical export (helper `datarequests`) lands: its version replaces this file.
export const handler = async (): Promise<never> => {
  throw new Error('not built yet');
};
