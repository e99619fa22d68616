/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_SUPABASE_URL?: string;
  readonly VITE_SUPABASE_ANON_KEY?: string;
  readonly VITE_SITE_NAME?: string;
  readonly VITE_SITE_URL?: string;
  readonly VITE_CONTACT_EMAIL?: string;
  readonly VITE_CONTACT_PHONE?: string;
  readonly VITE_MESSAGING_NUMBER?: string;
  readonly VITE_ADDRESS_SUHR?: string;
  readonly VITE_ADDRESS_HIRSCHTHAL?: string;
  readonly VITE_SOCIAL_FEED_WIDGET_URL?: string;
  readonly VITE_INSTAGRAM_URL?: string;
  readonly VITE_FACEBOOK_URL?: string;
}
interface ImportMeta {
  readonly env: ImportMetaEnv;
}
