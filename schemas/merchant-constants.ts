/** The reserved "all distributors" merchant: only the super admin sees it, and it sorts first (apart from merchant.ts's zod for the core). */
export const ALL_DISTRIBUTORS_ID = 'ALL';
