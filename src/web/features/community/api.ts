import { communityApi } from '@shared/api/community';
import type {
  CommunityCategory,
  CommunityPost,
  CreatePostInput,
  ModeratePostInput,
  ModerateReplyInput,
  PostThread,
} from '@shared/community';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

export interface PostFilter {
  search: string;
  category: CommunityCategory | null;
  page: number;
}

export const communityKeys = {
  all: ['community'] as const,
  lists: ['community', 'list'] as const,
  list: (filter: PostFilter) => ['community', 'list', filter.category ?? 'all', filter.search, filter.page] as const,
  categories: ['community', 'categories'] as const,
  thread: (id: string) => ['community', 'thread', id] as const,
};

export const postListQuery = (filter: PostFilter) =>
  queryOptions({
    queryKey: communityKeys.list(filter),
    queryFn: ({ signal }) =>
      callApi(
        communityApi.posts,
        {
          query: {
            search: filter.search || undefined,
            category: filter.category ?? undefined,
            page: filter.page > 1 ? filter.page : undefined,
          },
        },
        { signal },
      ),
  });

export const categoryCountsQuery = queryOptions({
  queryKey: communityKeys.categories,
  queryFn: ({ signal }) => callApi(communityApi.categories, {}, { signal }),
});

export const threadQuery = (id: string) =>
  queryOptions({
    queryKey: communityKeys.thread(id),
    queryFn: ({ signal }) => callApi(communityApi.thread, { params: { id } }, { signal }),
    // A missing discussion stays missing: show 'Discussion not found' at once.
    retry: false,
  });

/** Lists and category counts change with any write; the thread itself is updated by the caller. */
function useRefreshLists() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: communityKeys.lists });
    void queryClient.invalidateQueries({ queryKey: communityKeys.categories });
  };
}

function useSetThreadPost() {
  const queryClient = useQueryClient();
  return (post: CommunityPost) =>
    queryClient.setQueryData<PostThread>(communityKeys.thread(post.id), (current) =>
      current ? { ...current, post } : { post, replies: [] },
    );
}

export function useCreatePost() {
  const refreshLists = useRefreshLists();
  const setThreadPost = useSetThreadPost();
  return useMutation({
    mutationFn: (input: CreatePostInput) => callApi(communityApi.createPost, { body: input }),
    onSuccess: setThreadPost,
    onSettled: refreshLists,
  });
}

export function useUpdatePost(id: string) {
  const refreshLists = useRefreshLists();
  const setThreadPost = useSetThreadPost();
  return useMutation({
    mutationFn: (input: CreatePostInput) => callApi(communityApi.updatePost, { params: { id }, body: input }),
    onSuccess: setThreadPost,
    onSettled: refreshLists,
  });
}

export function useDeletePost(id: string) {
  const queryClient = useQueryClient();
  const refreshLists = useRefreshLists();
  return useMutation({
    mutationFn: () => callApi(communityApi.deletePost, { params: { id } }),
    onSuccess: () => queryClient.removeQueries({ queryKey: communityKeys.thread(id) }),
    onSettled: refreshLists,
  });
}

export function useModeratePost(id: string) {
  const refreshLists = useRefreshLists();
  const setThreadPost = useSetThreadPost();
  return useMutation({
    mutationFn: (change: ModeratePostInput) => callApi(communityApi.moderatePost, { params: { id }, body: change }),
    onSuccess: setThreadPost,
    onSettled: refreshLists,
  });
}

/** A moderator removes a post for good (its author still sees it, with the reason). */
export function useRemovePost(id: string) {
  const queryClient = useQueryClient();
  const refreshLists = useRefreshLists();
  return useMutation({
    mutationFn: (reason: string) => callApi(communityApi.removePost, { params: { id }, body: { reason } }),
    onSuccess: () => queryClient.removeQueries({ queryKey: communityKeys.thread(id) }),
    onSettled: refreshLists,
  });
}

/** A moderator hides a reply with a reason (or shows it again), or removes it for good; the thread is read again. */
export function useModerateReply(postId: string, replyId: string) {
  const queryClient = useQueryClient();
  const refreshThread = () => queryClient.invalidateQueries({ queryKey: communityKeys.thread(postId) });
  const hide = useMutation({
    mutationFn: (change: ModerateReplyInput) =>
      callApi(communityApi.moderateReply, { params: { id: replyId }, body: change }),
    onSettled: refreshThread,
  });
  const remove = useMutation({
    mutationFn: (reason: string) => callApi(communityApi.removeReply, { params: { id: replyId }, body: { reason } }),
    onSettled: refreshThread,
  });
  return { hide, remove };
}

export function useCreateReply(postId: string) {
  const queryClient = useQueryClient();
  const refreshLists = useRefreshLists();
  return useMutation({
    mutationFn: (content: string) => callApi(communityApi.reply, { params: { id: postId }, body: { content } }),
    onSuccess: (reply) =>
      queryClient.setQueryData<PostThread>(
        communityKeys.thread(postId),
        (current) =>
          current && {
            post: { ...current.post, replyCount: current.post.replyCount + 1 },
            replies: [...current.replies, reply],
          },
      ),
    onSettled: refreshLists,
  });
}

/**
 * The like toggle. The server's answer is the truth (a like is one row per user), so the count is
 * written from it rather than guessed; the button is disabled while a toggle is in flight, so a
 * double click sends one request.
 */
export function useToggleLike(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(communityApi.like, { params: { id: postId } }),
    onSuccess: ({ liked, likeCount }) => {
      queryClient.setQueryData<PostThread>(
        communityKeys.thread(postId),
        (current) => current && { ...current, post: { ...current.post, viewerLiked: liked, likeCount } },
      );
      void queryClient.invalidateQueries({ queryKey: communityKeys.lists });
    },
  });
}
