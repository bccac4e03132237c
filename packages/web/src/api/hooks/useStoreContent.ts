import type {
  BlogCategoryBody,
  BlogPostBody,
  BlogPostUpdateBody,
  StorePageBody,
  StorePageUpdateBody,
} from '@printloom/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../client.js';

export const contentKeys = {
  pages: ['store-pages'] as const,
  pageList: (storeId: number) => ['store-pages', 'list', storeId] as const,
  page: (id: number) => ['store-pages', 'one', id] as const,
  blog: (storeId: number) => ['blog', storeId] as const,
  categories: (storeId: number) => ['blog', storeId, 'categories'] as const,
  posts: (storeId: number) => ['blog', storeId, 'posts'] as const,
  post: (storeId: number, id: number) => ['blog', storeId, 'post', id] as const,
};

export function useStorePages(storeId: number, enabled = true) {
  return useQuery({
    queryKey: contentKeys.pageList(storeId),
    queryFn: () => api.storeContent.pages({ query: { store_id: storeId } }),
    enabled: enabled && storeId > 0,
  });
}

export function useStorePage(id: number) {
  return useQuery({
    queryKey: contentKeys.page(id),
    queryFn: () => api.storeContent.page({ params: { id } }),
    enabled: id > 0,
  });
}

export function useSaveStorePage(id: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: StorePageBody | StorePageUpdateBody) =>
      id === null
        ? api.storeContent.createPage({ body: body as StorePageBody })
        : api.storeContent.updatePage({ params: { id }, body }),
    onSuccess: (page) => {
      client.setQueryData(contentKeys.page(page.id), page);
      return client.invalidateQueries({ queryKey: contentKeys.pages });
    },
  });
}

export function useDeleteStorePage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.storeContent.deletePage({ params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: contentKeys.pages }),
  });
}

export function useBlogCategories(storeId: number) {
  return useQuery({
    queryKey: contentKeys.categories(storeId),
    queryFn: () => api.storeContent.categories({ params: { storeId } }),
    enabled: storeId > 0,
  });
}

export function useSaveBlogCategory(storeId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: BlogCategoryBody }) =>
      id === null
        ? api.storeContent.createCategory({ params: { storeId }, body })
        : api.storeContent.updateCategory({ params: { storeId, id }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: contentKeys.blog(storeId) }),
  });
}

export function useDeleteBlogCategory(storeId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.storeContent.deleteCategory({ params: { storeId, id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: contentKeys.blog(storeId) }),
  });
}

export function useBlogPosts(storeId: number) {
  return useQuery({
    queryKey: contentKeys.posts(storeId),
    queryFn: () => api.storeContent.posts({ params: { storeId }, query: {} }),
    enabled: storeId > 0,
  });
}

export function useBlogPost(storeId: number, id: number) {
  return useQuery({
    queryKey: contentKeys.post(storeId, id),
    queryFn: () => api.storeContent.post({ params: { storeId, id } }),
    enabled: storeId > 0 && id > 0,
  });
}

export function useSaveBlogPost(storeId: number, id: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BlogPostBody | BlogPostUpdateBody) =>
      id === null
        ? api.storeContent.createPost({ params: { storeId }, body: body as BlogPostBody })
        : api.storeContent.updatePost({ params: { storeId, id }, body }),
    onSuccess: (post) => {
      client.setQueryData(contentKeys.post(storeId, post.id), post);
      return client.invalidateQueries({ queryKey: contentKeys.blog(storeId) });
    },
  });
}

export function useDeleteBlogPost(storeId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.storeContent.deletePost({ params: { storeId, id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: contentKeys.blog(storeId) }),
  });
}
