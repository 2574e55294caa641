import { DynamoBlogPostRepository } from '../../adapters/dynamodb/blog-post-repository';
import type { FunctionAccess } from '../../runtime/access';
import { groupDeps } from '../../runtime/base-deps';

export const access = { table: 'readWrite' } as const satisfies FunctionAccess;

/** The blog-posts group: the platform's blog posts. */
export const deps = groupDeps(access, ({ doc, config: { tableName } }) => ({
  blogPosts: new DynamoBlogPostRepository(doc, tableName),
}));

export type BlogPostsGroupDeps = ReturnType<typeof deps>;
