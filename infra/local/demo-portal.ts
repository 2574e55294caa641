/**
 * The demo's customer portals (CogesKey): Acme's configured with a logo, an app logo, an ingredients pdf, contacts,
 * privacy text, two services and its posts (the published welcome post with an image); Bravo's with a logo. Their
 * files are put in the content bucket as the accepting calls would have moved them there. Not again on a kept `.local/`.
 */
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { StoredContentFile } from '#schemas/content-file';
import { DynamoBlogPostRepository } from '../../functions/adapters/dynamodb/blog-post-repository';
import { DynamoPortalRepository } from '../../functions/adapters/dynamodb/cogeskey-portal-repository';
import type { StoredPortal } from '../../functions/core/cogeskey/ports';
import { bucketName } from '../../functions/runtime/access';
import { pdfDocument, pngImage } from './demo-images';
import { localS3ClientConfig } from './emulators/s3';
import type { LocalRepositories } from './repositories';

const ACME_PORTAL: Omit<StoredPortal, 'logo' | 'appLogo' | 'ingredients' | 'updatedAt'> = {
  merchantId: 'acme-vending',
  name: 'Acme Break',
  websiteUrl: 'https://www.example.com/acme',
  mainColor: '#c2410c',
  mobileTheme: 0,
  contacts: [
    { label: 'Customer care', phone: '+39 02 4000 1234', email: 'care@acme.example.com' },
    { label: 'Refunds', phone: '', email: 'refunds@acme.example.com' },
  ],
  privacyText:
    'Acme Break processes your key’s data to credit your top-ups and refunds. We never sell it. Write to privacy@acme.example.com to see or delete what we hold.',
  serviceIds: ['demo-satispay', 'demo-paypal'],
  blogPostIds: ['demo-post-welcome', 'demo-post-draft'],
};
const BRAVO_PORTAL: typeof ACME_PORTAL = {
  merchantId: 'bravo-distribucion',
  name: 'Bravo Pausa',
  websiteUrl: '',
  mainColor: '#0f766e',
  mobileTheme: 1,
  contacts: [{ label: 'Atención al cliente', phone: '+34 91 000 1234', email: '' }],
  privacyText: '',
  serviceIds: ['demo-satispay'],
  blogPostIds: ['demo-post-welcome'],
};

export async function seedDemoPortals(deps: LocalRepositories): Promise<void> {
  const { doc, config } = deps;
  const portals = new DynamoPortalRepository(doc, config.tableName);
  const posts = new DynamoBlogPostRepository(doc, config.tableName);
  const s3 = new S3Client(localS3ClientConfig(process.env.S3_ENDPOINT!));
  const bucket = bucketName('content');
  const put = async (key: string, bytes: Buffer, contentType: string, fileName: string, size?: { width: number; height: number }) => {
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: bytes, ContentType: contentType }));
    return {
      key,
      fileName,
      contentType,
      size: bytes.length,
      width: size?.width ?? null,
      height: size?.height ?? null,
      uploadedAt: deps.now(),
    } as StoredContentFile;
  };
  const logo = (merchantId: string, colour: string, name: string) =>
    put(`cogeskey/${merchantId}/demo-${name}.png`, pngImage(400, 120, colour), 'image/png', `${name}.png`, { width: 400, height: 120 });

  const welcome = await posts.get('demo-post-welcome');
  if (welcome && !welcome.image) {
    const image = await put('blog/demo-post-welcome/demo.png', pngImage(640, 320, '#0369a1'), 'image/png', 'phone-top-up.png', { width: 640, height: 320 });
    await posts.update(welcome, { ...welcome, image, updatedAt: deps.now() });
  }
  if (!(await portals.get(ACME_PORTAL.merchantId))) {
    const ingredients = await put(
      'cogeskey/acme-vending/demo-ingredients.pdf',
      pdfDocument('Acme Break: ingredients and allergens'),
      'application/pdf',
      'ingredients.pdf',
    );
    await portals.save(
      {
        ...ACME_PORTAL,
        logo: await logo(ACME_PORTAL.merchantId, ACME_PORTAL.mainColor, 'acme-logo'),
        appLogo: await logo(ACME_PORTAL.merchantId, '#7c2d12', 'acme-app-logo'),
        ingredients,
        updatedAt: deps.now(),
      },
      undefined,
    );
  }
  if (!(await portals.get(BRAVO_PORTAL.merchantId))) {
    await portals.save(
      {
        ...BRAVO_PORTAL,
        logo: await logo(BRAVO_PORTAL.merchantId, BRAVO_PORTAL.mainColor, 'bravo-logo'),
        appLogo: null,
        ingredients: null,
        updatedAt: deps.now(),
      },
      undefined,
    );
  }
  s3.destroy();
}
