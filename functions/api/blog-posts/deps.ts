import { DynamoBlogPostRepository } from '../../adapters/dynamodb/blog-post-repository';
import { contentFiles } from '../../adapters/s3/content-files';
import { bucketName, type FunctionAccess } from '../../runtime/access';
import { groupDeps } from '../../runtime/base-deps';
import { bucketSigner } from '../../runtime/bucket-access';

/** Signs upload and download links of the content bucket (post images), checks, copies and deletes its objects. */
export const access = { table: 'readWrite', buckets: { content: 'readWrite' } } as const satisfies FunctionAccess;

/** The blog-posts group: the platform's blog posts and their images. */
export const deps = groupDeps(access, ({ doc, config: { tableName } }) => ({
  blogPosts: new DynamoBlogPostRepository(doc, tableName),
  contentFiles: contentFiles(bucketSigner(access, 'content'), bucketName('content')),
}));

export type BlogPostsGroupDeps = ReturnType<typeof deps>;
