/**
 * The demo's super-admin catalogues: web payment services (one per type, as the week's orders use every type) and
 * the merchants' configurations of them, SAP codes of Acme and Bravo, and a published and a hidden blog post. Written
 * once: the super admin may change them.
 */
import type { BlogPost } from '#schemas/blog-post';
import type { SapCode } from '#schemas/sap-code';
import type { WebPaymentConfig, WebPaymentService } from '#schemas/webpayment-service';
import { DynamoBlogPostRepository } from '../../functions/adapters/dynamodb/blog-post-repository';
import { DynamoSapCodeRepository } from '../../functions/adapters/dynamodb/sap-code-repository';
import { DynamoWebPaymentConfigRepository, DynamoWebPaymentServiceRepository } from '../../functions/adapters/dynamodb/webpayment-service-repository';
import type { LocalRepositories } from './repositories';

export const DEMO_WEBPAYMENT_SERVICES: ReadonlyArray<Omit<WebPaymentService, 'createdAt' | 'updatedAt'>> = [
  { id: 'demo-nexi', name: 'Nexi XPay', description: 'Cards on the web portal', url: 'https://xpay.nexigroup.com/', type: 0 },
  { id: 'demo-paypal', name: 'PayPal', description: 'PayPal checkout in the app', url: 'https://www.paypal.com/', type: 1 },
  { id: 'demo-satispay', name: 'Satispay', description: 'Satispay in the app', url: 'https://www.satispay.com/', type: 2 },
  { id: 'demo-assiopay', name: 'Assiopay', description: 'Assiopay wallet top-ups', url: 'https://www.assiopay.com/', type: 3 },
  { id: 'demo-vendon', name: 'Vendon Gateway', description: 'Payments through the Vendon gateway', url: 'https://vendon.net/', type: 4 },
];

/** Which services each merchant with WEBPAYMENTS has configured, and how. */
export const DEMO_WEBPAYMENT_CONFIGS: ReadonlyArray<Omit<WebPaymentConfig, 'serviceType' | 'updatedAt'>> = [
  ...DEMO_WEBPAYMENT_SERVICES.map((s) => ({
    merchantId: 'acme-vending',
    serviceId: s.id,
    charges: s.type === 3 ? 0 : 15,
    assiopayMin: s.type === 3 ? 500 : null,
    assiopayMax: s.type === 3 ? 5_000 : null,
  })),
  { merchantId: 'bravo-distribucion', serviceId: 'demo-nexi', charges: 20, assiopayMin: null, assiopayMax: null },
  { merchantId: 'bravo-distribucion', serviceId: 'demo-satispay', charges: 0, assiopayMin: null, assiopayMax: null },
];

export const DEMO_SAP_CODES: ReadonlyArray<Omit<SapCode, 'createdAt' | 'updatedAt'>> = [
  { id: 'demo-sap-acme-office', merchantId: 'acme-vending', code: 'SAP-100200', description: 'Office keys billed monthly' },
  { id: 'demo-sap-acme-school', merchantId: 'acme-vending', code: 'SAP-100300', description: 'School canteen keys' },
  { id: 'demo-sap-bravo', merchantId: 'bravo-distribucion', code: 'SAP-900001', description: 'Madrid centre keys' },
];

export const DEMO_BLOG_POSTS: ReadonlyArray<Omit<BlogPost, 'createdAt' | 'updatedAt' | 'image'>> = [
  {
    id: 'demo-post-welcome',
    title: 'Pay with your phone at every Acme machine',
    slug: 'pay-with-your-phone',
    excerpt: 'Satispay and PayPal now top up your key from the app.',
    contentIt:
      '## Ricarica dal telefono\n\nDa oggi puoi ricaricare la tua chiavetta con **Satispay** o **PayPal** dall’app.\n\n- Apri l’app\n- Scegli l’importo\n- Avvicina la chiavetta\n\n[Scopri di più](https://www.example.com/app)',
    contentEn:
      '## Top up from your phone\n\nFrom today you can top up your key with **Satispay** or **PayPal** in the app.\n\n- Open the app\n- Choose the amount\n- Hold your key to the machine\n\n[Learn more](https://www.example.com/app)',
    visibility: 1,
    publishedOn: '2026-11-02',
  },
  {
    id: 'demo-post-draft',
    title: 'New winter drinks (draft)',
    slug: 'winter-drinks',
    excerpt: 'Hot chocolate and ginseng arrive in December.',
    contentIt: 'Cioccolata calda e *ginseng* arrivano a dicembre.',
    contentEn: 'Hot chocolate and *ginseng* arrive in December.',
    visibility: 0,
    publishedOn: null,
  },
];

export async function seedDemoCatalogue(deps: LocalRepositories): Promise<void> {
  const { doc, config } = deps;
  const services = new DynamoWebPaymentServiceRepository(doc, config.tableName);
  const configs = new DynamoWebPaymentConfigRepository(doc, config.tableName);
  const sapCodes = new DynamoSapCodeRepository(doc, config.tableName);
  for (const service of DEMO_WEBPAYMENT_SERVICES) {
    if (await services.get(service.id)) continue;
    const now = deps.now();
    await services.create({ ...service, createdAt: now, updatedAt: now });
    for (const c of DEMO_WEBPAYMENT_CONFIGS.filter((c) => c.serviceId === service.id)) await configs.put({ ...c, serviceType: service.type, updatedAt: now });
  }
  for (const sapCode of DEMO_SAP_CODES) {
    if (await sapCodes.get(sapCode.id)) continue;
    const now = deps.now();
    await sapCodes.create({ ...sapCode, createdAt: now, updatedAt: now });
  }
  const posts = new DynamoBlogPostRepository(doc, config.tableName);
  for (const post of DEMO_BLOG_POSTS) {
    if (await posts.get(post.id)) continue;
    const now = deps.now();
    await posts.create({ ...post, image: null, createdAt: now, updatedAt: now });
  }
}
