/**
 * The customer portal (CogesKey), blog post images, the storage config and the devices whitelist over HTTP against
 * the embedded stack: files go to s3rver by the presigned PUT and are judged by their own bytes.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { pdfDocument, pngImage } from '../../infra/local/demo-images';
import { superAdminSettingsBody } from './support/samples';
import { merchantBody } from './support/samples';
import { api } from './support/http';
import { stack, tokenFor } from './support/stack';

const ACME = 'acme-vending';
const BRAVO = 'bravo-distribucion';
let superAdmin = '';
let merchantAdmin = '';
let groupAdmin = '';
let merchant = '';

const portalBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Scratch Coffee',
  websiteUrl: 'https://coffee.example.com',
  mainColor: '#aa3300',
  mobileTheme: 1,
  contacts: [{ label: 'Support', phone: '+39 02 1234567', email: 'help@coffee.example.com' }],
  privacyText: 'We keep your data safe.',
  serviceIds: ['demo-satispay'],
  blogPostIds: ['demo-post-welcome', 'demo-post-draft'],
  ...overrides,
});
/** Asks `path` for a link declaring `contentType` and PUTs `bytes` to it, as the browser does; the upload id. */
const upload = async (path: string, kind: string, bytes: Buffer, contentType: string) => {
  const link = await api(path, { method: 'POST', token: superAdmin, body: { kind, fileName: 'x', contentType, size: bytes.length } });
  expect(link.status, link.text).toBe(201);
  expect((await fetch(link.body.url, { method: 'PUT', headers: link.body.headers, body: new Uint8Array(bytes) })).status).toBe(200);
  return link.body.uploadId as string;
};
const declaredUpload = (kind: string, bytes: Buffer, contentType: string) => upload(`/cogeskey/${merchant}/uploads`, kind, bytes, contentType);
const portalUpload = async (kind: string, bytes: Buffer, contentType: string, fileName: string) =>
  api(`/cogeskey/${merchant}/files/${kind}`, {
    method: 'PUT',
    token: superAdmin,
    body: { uploadId: await declaredUpload(kind, bytes, contentType), fileName },
  });

beforeAll(async () => {
  [superAdmin, merchantAdmin, groupAdmin] = await Promise.all([tokenFor('NEBULARSUPERADMIN'), tokenFor('NEBULARMERCHANTADMIN'), tokenFor('NEBULARGROUPADMIN')]);
  const created = await api('/merchants', { method: 'POST', token: superAdmin, body: merchantBody() });
  expect(created.status, created.text).toBe(201);
  merchant = created.body.id;
});

describe('the customer portal', () => {
  it('answers its defaults until saved, then what was saved: contacts, privacy, the chosen services and only published posts', async () => {
    const before = await api(`/cogeskey/${merchant}`, { token: superAdmin });
    expect(before.status, before.text).toBe(200);
    expect(before.body).toMatchObject({ configured: false, logo: null, contacts: [] });
    const saved = await api(`/cogeskey/${merchant}`, { method: 'PUT', token: superAdmin, body: portalBody() });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toMatchObject({ configured: true, name: 'Scratch Coffee', mainColor: '#aa3300', mobileTheme: 1 });
    const part = (name: string) => api(`/cogeskey/${merchant}/${name}`, { token: superAdmin });
    const [contacts, privacy, services, posts] = await Promise.all([part('contacts'), part('privacy'), part('services'), part('blogposts')]);
    expect(contacts.body.items).toEqual([{ label: 'Support', phone: '+39 02 1234567', email: 'help@coffee.example.com' }]);
    expect(privacy.body).toEqual({ text: 'We keep your data safe.' });
    expect(services.body.items).toEqual([expect.objectContaining({ id: 'demo-satispay', type: 2 })]);
    // The draft (visibility 0) is chosen but not shown.
    expect(posts.body.items.map((p: { id: string }) => p.id)).toEqual(['demo-post-welcome']);
    expect(posts.body.items[0].htmlEn).toContain('Top up from your phone</h3>');
  });

  it('refuses bad input naming the field, and unknown services or posts', async () => {
    for (const [field, value] of [
      ['mainColor', 'red'],
      ['websiteUrl', 'not a url'],
      ['mobileTheme', 2],
      ['name', ''],
    ] as const) {
      const res = await api(`/cogeskey/${merchant}`, { method: 'PUT', token: superAdmin, body: portalBody({ [field]: value }) });
      expect(res.status, field).toBe(400);
      expect(JSON.stringify(res.body.details), field).toContain(`body.${field}`);
    }
    const contact = await api(`/cogeskey/${merchant}`, { method: 'PUT', token: superAdmin, body: portalBody({ contacts: [{ label: 'X', email: 'nope' }] }) });
    expect(contact.status).toBe(400);
    expect(JSON.stringify(contact.body.details)).toContain('body.contacts.0.email');
    const unknown = await api(`/cogeskey/${merchant}`, { method: 'PUT', token: superAdmin, body: portalBody({ serviceIds: ['demo-satispay', 'no-such'] }) });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: 'UnknownPortalItemsException', details: [{ path: 'body.serviceIds.1' }] });
  });

  it('takes a logo of at most 500 × 200 px and a pdf, judged by their bytes; refuses a 600 × 200 logo, a pdf renamed .png and a png renamed .pdf', async () => {
    const logo = await portalUpload('logo', pngImage(500, 200, '#aa3300'), 'image/png', 'logo.png');
    expect(logo.status, logo.text).toBe(200);
    expect(logo.body.logo).toMatchObject({ fileName: 'logo.png', contentType: 'image/png', width: 500, height: 200 });
    expect(logo.body.logo.key).toBeUndefined();
    const ingredients = await portalUpload('ingredients', pdfDocument('Ingredients'), 'application/pdf', 'ingredients.pdf');
    expect(ingredients.status, ingredients.text).toBe(200);

    const wide = await portalUpload('logo', pngImage(600, 200, '#000000'), 'image/png', 'wide.png');
    expect(wide.status).toBe(400);
    expect(wide.body).toMatchObject({ code: 'ImageTooLargeException', details: [{ path: 'body.uploadId' }] });
    const pdfAsPng = await api(`/cogeskey/${merchant}/files/logo`, {
      method: 'PUT',
      token: superAdmin,
      body: { uploadId: await declaredUpload('logo', pdfDocument('not an image'), 'image/png'), fileName: 'fake.png' },
    });
    expect(pdfAsPng.body.code, pdfAsPng.text).toBe('UnsupportedFileTypeException');
    const pngAsPdf = await api(`/cogeskey/${merchant}/files/ingredients`, {
      method: 'PUT',
      token: superAdmin,
      body: { uploadId: await declaredUpload('ingredients', pngImage(10, 10, '#ffffff'), 'application/pdf'), fileName: 'fake.pdf' },
    });
    expect(pngAsPdf.body.code, pngAsPdf.text).toBe('UnsupportedFileTypeException');
    const wrongKind = await api(`/cogeskey/${merchant}/uploads`, {
      method: 'POST',
      token: superAdmin,
      body: { kind: 'ingredients', fileName: 'x.png', contentType: 'image/png', size: 100 },
    });
    expect(wrongKind.body.code).toBe('UnsupportedFileTypeException');

    // The refusals left the accepted files in place; the logo is served as it was uploaded.
    const portal = await api(`/cogeskey/${merchant}`, { token: superAdmin });
    expect(portal.body.logo).toMatchObject({ width: 500, height: 200 });
    expect(portal.body.ingredients).toMatchObject({ contentType: 'application/pdf' });
    const link = await api(`/cogeskey/${merchant}/files/logo`, { token: superAdmin });
    expect(link.status).toBe(302);
    const served = Buffer.from(await (await fetch(link.headers.get('location')!)).arrayBuffer());
    expect(served.equals(pngImage(500, 200, '#aa3300'))).toBe(true);
  });

  it('is the super admin’s to edit; a merchant admin reads its own merchant’s (the preview), not another’s; a group admin none', async () => {
    expect((await api(`/cogeskey/${ACME}`, { token: merchantAdmin })).status).toBe(200);
    expect((await api(`/cogeskey/${ACME}/blogposts`, { token: merchantAdmin })).status).toBe(200);
    expect((await api(`/cogeskey/${BRAVO}`, { token: merchantAdmin })).status).toBe(404);
    expect((await api(`/cogeskey/${ACME}`, { method: 'PUT', token: merchantAdmin, body: portalBody() })).status).toBe(403);
    expect((await api(`/cogeskey/${ACME}`, { token: groupAdmin })).status).toBe(403);
  });
});

describe('a blog post image', () => {
  it('is set from a png checked by content and shown in the portal that shows the post', async () => {
    const post = await api('/blogposts', {
      method: 'POST',
      token: superAdmin,
      body: { title: 'Pictured', slug: `pictured-${Date.now()}`, contentIt: 'Ciao', contentEn: 'Hello', visibility: 1 },
    });
    expect(post.status, post.text).toBe(201);
    const bytes = pngImage(320, 180, '#2e7d32');
    const uploadId = await upload('/blogposts/uploads', 'image', bytes, 'image/png');
    const set = await api(`/blogposts/${post.body.id}/image`, { method: 'PUT', token: superAdmin, body: { uploadId, fileName: 'post.png' } });
    expect(set.status, set.text).toBe(200);
    expect(set.body.image).toMatchObject({ width: 320, height: 180 });
    const fake = await api(`/blogposts/${post.body.id}/image`, {
      method: 'PUT',
      token: superAdmin,
      body: { uploadId: await upload('/blogposts/uploads', 'image', pdfDocument('x'), 'image/png'), fileName: 'x.png' },
    });
    expect(fake.body.code).toBe('UnsupportedFileTypeException');

    const saved = await api(`/cogeskey/${merchant}`, { method: 'PUT', token: superAdmin, body: portalBody({ blogPostIds: [post.body.id] }) });
    expect(saved.status, saved.text).toBe(200);
    const posts = await api(`/cogeskey/${merchant}/blogposts`, { token: superAdmin });
    expect(posts.body.items).toEqual([expect.objectContaining({ id: post.body.id, hasImage: true })]);
    const link = await api(`/cogeskey/${merchant}/blogposts/${post.body.id}/image`, { token: superAdmin });
    expect(link.status).toBe(302);
    expect(Buffer.from(await (await fetch(link.headers.get('location')!)).arrayBuffer()).equals(bytes)).toBe(true);
  });
});

describe('the storage config', () => {
  const url = () => `${stack.s3}/${stack.buckets.exports}`;

  it('keeps the password write-only, tests the connection, and answers repository authentication failed for wrong credentials', async () => {
    const q = `?merchantId=${merchant}`;
    const first = await api(`/screen-configurations/storageconfig${q}`, { method: 'PUT', token: superAdmin, body: { username: 'S3RVER', storageUrl: url() } });
    expect(first.body.code).toBe('StoragePasswordRequiredException');
    const saved = await api(`/screen-configurations/storageconfig${q}`, {
      method: 'PUT',
      token: superAdmin,
      body: { username: 'S3RVER', password: 'S3RVER-secret-9', storageUrl: url() },
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toMatchObject({ username: 'S3RVER', passwordSet: true });
    const read = await api(`/screen-configurations/storageconfig${q}`, { token: superAdmin });
    expect(read.text).not.toContain('S3RVER-secret-9');
    expect(read.body).not.toHaveProperty('password');
    expect(read.body).not.toHaveProperty('passwordSealed');
    expect((await api(`/screen-configurations/storageconfig/test${q}`, { method: 'POST', token: superAdmin })).body).toMatchObject({ ok: true });

    // Another username, the password kept: the emulator does not know that key.
    const wrong = await api(`/screen-configurations/storageconfig${q}`, {
      method: 'PUT',
      token: superAdmin,
      body: { username: 'INTRUDER', storageUrl: url() },
    });
    expect(wrong.status, wrong.text).toBe(200);
    const failed = await api(`/screen-configurations/storageconfig/test${q}`, { method: 'POST', token: superAdmin });
    expect(failed.status).toBe(400);
    expect(failed.body).toMatchObject({ code: 'RepositoryAuthenticationFailedException', message: 'Repository authentication failed' });

    // The trail records that the password changed, never it.
    const trail = await api(`/audit?merchantId=${merchant}&size=50`, { token: superAdmin });
    expect(trail.status, trail.text).toBe(200);
    expect(trail.text).not.toContain('S3RVER-secret-9');
    expect(trail.text).toContain('passwordSetAt');

    const bad = await api(`/screen-configurations/storageconfig${q}`, {
      method: 'PUT',
      token: superAdmin,
      body: { username: 'a', password: 'b', storageUrl: 'nope' },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.details)).toContain('body.storageUrl');
  });

  it('is for administrators of the merchant', async () => {
    expect((await api(`/screen-configurations/storageconfig?merchantId=${ACME}`, { token: merchantAdmin })).status).toBe(200);
    expect((await api(`/screen-configurations/storageconfig?merchantId=${BRAVO}`, { token: merchantAdmin })).status).toBe(404);
    expect((await api(`/screen-configurations/storageconfig?merchantId=${ACME}`, { token: groupAdmin })).status).toBe(403);
  });
});

describe('the devices whitelist', () => {
  it('gives entries the expiry of the super-admin setting and refuses expired ones', async () => {
    const q = `?merchantId=${merchant}`;
    const added = await api(`/devices-whitelist${q}`, { method: 'POST', token: superAdmin, body: { serial: 'ceng-00000042', description: 'Lobby screen' } });
    expect(added.status, added.text).toBe(201);
    expect(added.body).toMatchObject({ serial: 'CENG-00000042', expired: false });
    // The default expiry: 30 days.
    expect(Date.parse(added.body.validUntil) - Date.parse(added.body.createdAt)).toBe(30 * 86_400_000);
    expect((await api(`/devices-whitelist/CENG-00000042${q}`, { token: superAdmin })).status).toBe(200);

    // An expiry of 0 days: an entry added now has expired already, and is refused.
    const settings = await api(`/merchants/${merchant}/super-admin-settings`, {
      method: 'PUT',
      token: superAdmin,
      body: { ...superAdminSettingsBody(), screenConfigurationWhitelistExpiryDays: 0 },
    });
    expect(settings.status, settings.text).toBe(200);
    expect((await api(`/devices-whitelist${q}`, { method: 'POST', token: superAdmin, body: { serial: 'CENG-00000043' } })).body.expired).toBe(true);
    const refused = await api(`/devices-whitelist/CENG-00000043${q}`, { token: superAdmin });
    expect(refused.status).toBe(410);
    expect(refused.body.code).toBe('DevicesWhitelistEntryExpiredException');
    const list = await api(`/devices-whitelist${q}`, { token: superAdmin });
    expect(list.body).toMatchObject({ expiryDays: 0 });
    expect(list.body.items.map((e: { serial: string; expired: boolean }) => [e.serial, e.expired])).toEqual([
      ['CENG-00000042', false],
      ['CENG-00000043', true],
    ]);

    expect((await api(`/devices-whitelist${q}`, { method: 'POST', token: superAdmin, body: { serial: 'CENG-1' } })).body.details[0].path).toBe('body.serial');
    expect((await api(`/devices-whitelist/CENG-00000042${q}`, { method: 'DELETE', token: superAdmin })).status).toBe(204);
    expect((await api(`/devices-whitelist/CENG-00000042${q}`, { token: superAdmin })).body.code).toBe('DevicesWhitelistEntryNotFoundException');
    expect((await api(`/devices-whitelist?merchantId=${ACME}`, { token: merchantAdmin })).status).toBe(200);
    expect((await api(`/devices-whitelist?merchantId=${BRAVO}`, { token: merchantAdmin })).status).toBe(404);
  });
});
