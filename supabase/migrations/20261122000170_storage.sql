-- Storage: bucket event-images for event pictures.
--
-- Public bucket: anyone downloads through the public URL (no policy needed for that).
-- Listing, uploading, replacing and deleting objects need the policies below: admins only.
-- Size and type limits are enforced by the storage API from the bucket row.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('event-images', 'event-images', true, 4194304, array['image/jpeg', 'image/png', 'image/webp'])
on conflict (id) do update
set public = excluded.public,
    file_size_limit = excluded.file_size_limit,
    allowed_mime_types = excluded.allowed_mime_types;

create policy "Admins list event images"
  on storage.objects for select
  to authenticated
  using (bucket_id = 'event-images' and (select public.is_admin()));

create policy "Admins upload event images"
  on storage.objects for insert
  to authenticated
  with check (bucket_id = 'event-images' and (select public.is_admin()));

create policy "Admins replace event images"
  on storage.objects for update
  to authenticated
  using (bucket_id = 'event-images' and (select public.is_admin()))
  with check (bucket_id = 'event-images' and (select public.is_admin()));

create policy "Admins delete event images"
  on storage.objects for delete
  to authenticated
  using (bucket_id = 'event-images' and (select public.is_admin()));
