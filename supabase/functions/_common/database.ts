export type Json =
  | string
  | number
  | boolean
  | null
  | { [key: string]: Json | undefined }
  | Json[]

export type Database = {
  graphql_public: {
    Tables: {
      [_ in never]: never
    }
    Views: {
      [_ in never]: never
    }
    Functions: {
      [_ in never]: never
    }
    Enums: {
      [_ in never]: never
    }
    CompositeTypes: {
      [_ in never]: never
    }
  }
  public: {
    Tables: {
      admin_invitations: {
        Row: {
          created_at: string
          email: string
          id: string
          invited_by: string | null
          updated_at: string
        }
        Insert: {
          created_at?: string
          email: string
          id?: string
          invited_by?: string | null
          updated_at?: string
        }
        Update: {
          created_at?: string
          email?: string
          id?: string
          invited_by?: string | null
          updated_at?: string
        }
        Relationships: []
      }
      altcha_used_challenges: {
        Row: {
          challenge: string
          expires_at: string
          used_at: string
        }
        Insert: {
          challenge: string
          expires_at: string
          used_at?: string
        }
        Update: {
          challenge?: string
          expires_at?: string
          used_at?: string
        }
        Relationships: []
      }
      bank_entries: {
        Row: {
          amount_cents: number
          assigned_at: string | null
          assigned_by: string | null
          created_at: string
          currency: string
          debtor_name: string | null
          entry_reference: string
          gift_voucher_order_id: string | null
          id: string
          import_id: string
          kind: string
          note: string
          outcome: string
          participant_id: string | null
          payment_id: string | null
          reference: string | null
          remittance: string | null
          value_date: string | null
        }
        Insert: {
          amount_cents: number
          assigned_at?: string | null
          assigned_by?: string | null
          created_at?: string
          currency: string
          debtor_name?: string | null
          entry_reference: string
          gift_voucher_order_id?: string | null
          id?: string
          import_id: string
          kind: string
          note?: string
          outcome: string
          participant_id?: string | null
          payment_id?: string | null
          reference?: string | null
          remittance?: string | null
          value_date?: string | null
        }
        Update: {
          amount_cents?: number
          assigned_at?: string | null
          assigned_by?: string | null
          created_at?: string
          currency?: string
          debtor_name?: string | null
          entry_reference?: string
          gift_voucher_order_id?: string | null
          id?: string
          import_id?: string
          kind?: string
          note?: string
          outcome?: string
          participant_id?: string | null
          payment_id?: string | null
          reference?: string | null
          remittance?: string | null
          value_date?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "bank_entries_gift_voucher_order_id_fkey"
            columns: ["gift_voucher_order_id"]
            isOneToOne: false
            referencedRelation: "gift_voucher_orders"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "bank_entries_import_id_fkey"
            columns: ["import_id"]
            isOneToOne: false
            referencedRelation: "bank_imports"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "bank_entries_participant_id_fkey"
            columns: ["participant_id"]
            isOneToOne: false
            referencedRelation: "admin_bookings"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "bank_entries_participant_id_fkey"
            columns: ["participant_id"]
            isOneToOne: false
            referencedRelation: "participants"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "bank_entries_payment_id_fkey"
            columns: ["payment_id"]
            isOneToOne: false
            referencedRelation: "payments"
            referencedColumns: ["id"]
          },
        ]
      }
      bank_imports: {
        Row: {
          created_at: string
          file_name: string
          format: string
          id: string
          imported_by: string | null
          message_id: string
          storage_path: string | null
          summary: NonNullable<Json>
        }
        Insert: {
          created_at?: string
          file_name: string
          format: string
          id?: string
          imported_by?: string | null
          message_id?: string
          storage_path?: string | null
          summary?: NonNullable<Json>
        }
        Update: {
          created_at?: string
          file_name?: string
          format?: string
          id?: string
          imported_by?: string | null
          message_id?: string
          storage_path?: string | null
          summary?: NonNullable<Json>
        }
        Relationships: []
      }
      blog_posts: {
        Row: {
          content: string
          created_at: string
          excerpt: string
          id: string
          image_url: string | null
          published_date: string
          slug: string
          status: string
          title: string
          updated_at: string
        }
        Insert: {
          content?: string
          created_at?: string
          excerpt?: string
          id?: string
          image_url?: string | null
          published_date?: string
          slug?: string
          status?: string
          title: string
          updated_at?: string
        }
        Update: {
          content?: string
          created_at?: string
          excerpt?: string
          id?: string
          image_url?: string | null
          published_date?: string
          slug?: string
          status?: string
          title?: string
          updated_at?: string
        }
        Relationships: []
      }
      booking_changes: {
        Row: {
          created_at: string
          id: string
          kind: string
          participant_id: string
          persons_after: number
          persons_before: number
        }
        Insert: {
          created_at?: string
          id?: string
          kind: string
          participant_id: string
          persons_after: number
          persons_before: number
        }
        Update: {
          created_at?: string
          id?: string
          kind?: string
          participant_id?: string
          persons_after?: number
          persons_before?: number
        }
        Relationships: [
          {
            foreignKeyName: "booking_changes_participant_id_fkey"
            columns: ["participant_id"]
            isOneToOne: false
            referencedRelation: "admin_bookings"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "booking_changes_participant_id_fkey"
            columns: ["participant_id"]
            isOneToOne: false
            referencedRelation: "participants"
            referencedColumns: ["id"]
          },
        ]
      }
      booking_history: {
        Row: {
          action: string
          actor: string
          actor_name: string
          actor_user_id: string | null
          amount_cents: number | null
          created_at: string
          event_after: string
          event_before: string | null
          id: string
          note: string
          override: boolean
          participant_id: string
          persons_after: number
          persons_before: number | null
          status_after: string
          status_before: string | null
        }
        Insert: {
          action: string
          actor: string
          actor_name?: string
          actor_user_id?: string | null
          amount_cents?: number | null
          created_at?: string
          event_after: string
          event_before?: string | null
          id?: string
          note?: string
          override?: boolean
          participant_id: string
          persons_after: number
          persons_before?: number | null
          status_after: string
          status_before?: string | null
        }
        Update: {
          action?: string
          actor?: string
          actor_name?: string
          actor_user_id?: string | null
          amount_cents?: number | null
          created_at?: string
          event_after?: string
          event_before?: string | null
          id?: string
          note?: string
          override?: boolean
          participant_id?: string
          persons_after?: number
          persons_before?: number | null
          status_after?: string
          status_before?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "booking_history_participant_id_fkey"
            columns: ["participant_id"]
            isOneToOne: false
            referencedRelation: "admin_bookings"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "booking_history_participant_id_fkey"
            columns: ["participant_id"]
            isOneToOne: false
            referencedRelation: "participants"
            referencedColumns: ["id"]
          },
        ]
      }
      booking_tickets: {
        Row: {
          name: string
          participant_id: string
          persons: number
          position: number
          price_cents: number
          ticket_type_id: string | null
        }
        Insert: {
          name: string
          participant_id: string
          persons: number
          position?: number
          price_cents: number
          ticket_type_id?: string | null
        }
        Update: {
          name?: string
          participant_id?: string
          persons?: number
          position?: number
          price_cents?: number
          ticket_type_id?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "booking_tickets_participant_id_fkey"
            columns: ["participant_id"]
            isOneToOne: false
            referencedRelation: "admin_bookings"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "booking_tickets_participant_id_fkey"
            columns: ["participant_id"]
            isOneToOne: false
            referencedRelation: "participants"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "booking_tickets_ticket_type_id_fkey"
            columns: ["ticket_type_id"]
            isOneToOne: false
            referencedRelation: "event_ticket_types"
            referencedColumns: ["id"]
          },
        ]
      }
      discount_codes: {
        Row: {
          active: boolean
          amount_cents: number | null
          categories: string[]
          code: string
          created_at: string
          event_ids: string[]
          id: string
          label: string
          max_uses: number | null
          min_persons: number
          percent: number | null
          ticket_types: string[]
          updated_at: string
          valid_from: string | null
          valid_until: string | null
        }
        Insert: {
          active?: boolean
          amount_cents?: number | null
          categories?: string[]
          code: string
          created_at?: string
          event_ids?: string[]
          id?: string
          label?: string
          max_uses?: number | null
          min_persons?: number
          percent?: number | null
          ticket_types?: string[]
          updated_at?: string
          valid_from?: string | null
          valid_until?: string | null
        }
        Update: {
          active?: boolean
          amount_cents?: number | null
          categories?: string[]
          code?: string
          created_at?: string
          event_ids?: string[]
          id?: string
          label?: string
          max_uses?: number | null
          min_persons?: number
          percent?: number | null
          ticket_types?: string[]
          updated_at?: string
          valid_from?: string | null
          valid_until?: string | null
        }
        Relationships: []
      }
      enquiries: {
        Row: {
          created_at: string
          email: string
          handled_at: string | null
          id: string
          kind: string
          mail_error: string | null
          mail_status: string
          message: string
          name: string
          subject: string
          updated_at: string
        }
        Insert: {
          created_at?: string
          email: string
          handled_at?: string | null
          id?: string
          kind?: string
          mail_error?: string | null
          mail_status?: string
          message?: string
          name?: string
          subject?: string
          updated_at?: string
        }
        Update: {
          created_at?: string
          email?: string
          handled_at?: string | null
          id?: string
          kind?: string
          mail_error?: string | null
          mail_status?: string
          message?: string
          name?: string
          subject?: string
          updated_at?: string
        }
        Relationships: []
      }
      error_codes: {
        Row: {
          admin_message: string | null
          code: string
          visitor_message: string | null
        }
        Insert: {
          admin_message?: string | null
          code: string
          visitor_message?: string | null
        }
        Update: {
          admin_message?: string | null
          code?: string
          visitor_message?: string | null
        }
        Relationships: []
      }
      event_series: {
        Row: {
          created_at: string
          id: string
          rule: NonNullable<Json>
          rule_text: string
          title: string
        }
        Insert: {
          created_at?: string
          id?: string
          rule: NonNullable<Json>
          rule_text: string
          title: string
        }
        Update: {
          created_at?: string
          id?: string
          rule?: NonNullable<Json>
          rule_text?: string
          title?: string
        }
        Relationships: []
      }
      event_slug_history: {
        Row: {
          created_at: string
          event_id: string
          slug: string
        }
        Insert: {
          created_at?: string
          event_id: string
          slug: string
        }
        Update: {
          created_at?: string
          event_id?: string
          slug?: string
        }
        Relationships: [
          {
            foreignKeyName: "event_slug_history_event_id_fkey"
            columns: ["event_id"]
            isOneToOne: false
            referencedRelation: "events"
            referencedColumns: ["id"]
          },
        ]
      }
      event_ticket_types: {
        Row: {
          capacity: number | null
          created_at: string
          event_id: string
          id: string
          name: string
          note: string
          position: number
          price: number
          updated_at: string
        }
        Insert: {
          capacity?: number | null
          created_at?: string
          event_id: string
          id?: string
          name: string
          note?: string
          position?: number
          price: number
          updated_at?: string
        }
        Update: {
          capacity?: number | null
          created_at?: string
          event_id?: string
          id?: string
          name?: string
          note?: string
          position?: number
          price?: number
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "event_ticket_types_event_id_fkey"
            columns: ["event_id"]
            isOneToOne: false
            referencedRelation: "events"
            referencedColumns: ["id"]
          },
        ]
      }
      events: {
        Row: {
          bring_along: string | null
          cancellation_deadline_hours: number
          category: string
          created_at: string
          current_participants: number
          description: string
          end_date: string | null
          end_time: string | null
          id: string
          image_url: string | null
          is_cancelled: boolean
          is_sold_out: boolean
          late_cancellation_charge_percent: number | null
          location: string
          max_age: number | null
          max_participants: number
          max_persons_per_booking: number
          min_age: number | null
          offered_persons: number
          payment_methods: string[]
          price: number
          questions: NonNullable<Json>
          series_id: string | null
          slug: string
          start_date: string | null
          start_time: string | null
          status: string
          subtitle: string | null
          title: string
          updated_at: string
          availability:
            | Database["public"]["CompositeTypes"]["event_availability"]
            | null
          ticket_price_from: number | null
        }
        Insert: {
          bring_along?: string | null
          cancellation_deadline_hours?: number
          category?: string
          created_at?: string
          current_participants?: number
          description?: string
          end_date?: string | null
          end_time?: string | null
          id?: string
          image_url?: string | null
          is_cancelled?: boolean
          is_sold_out?: boolean
          late_cancellation_charge_percent?: number | null
          location?: string
          max_age?: number | null
          max_participants?: number
          max_persons_per_booking?: number
          min_age?: number | null
          offered_persons?: number
          payment_methods?: string[]
          price?: number
          questions?: NonNullable<Json>
          series_id?: string | null
          slug?: string
          start_date?: string | null
          start_time?: string | null
          status?: string
          subtitle?: string | null
          title: string
          updated_at?: string
        }
        Update: {
          bring_along?: string | null
          cancellation_deadline_hours?: number
          category?: string
          created_at?: string
          current_participants?: number
          description?: string
          end_date?: string | null
          end_time?: string | null
          id?: string
          image_url?: string | null
          is_cancelled?: boolean
          is_sold_out?: boolean
          late_cancellation_charge_percent?: number | null
          location?: string
          max_age?: number | null
          max_participants?: number
          max_persons_per_booking?: number
          min_age?: number | null
          offered_persons?: number
          payment_methods?: string[]
          price?: number
          questions?: NonNullable<Json>
          series_id?: string | null
          slug?: string
          start_date?: string | null
          start_time?: string | null
          status?: string
          subtitle?: string | null
          title?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "events_series_id_fkey"
            columns: ["series_id"]
            isOneToOne: false
            referencedRelation: "event_series"
            referencedColumns: ["id"]
          },
        ]
      }
      function_rate_limits: {
        Row: {
          hits: number
          key: string
          window_start: string
        }
        Insert: {
          hits?: number
          key: string
          window_start: string
        }
        Update: {
          hits?: number
          key?: string
          window_start?: string
        }
        Relationships: []
      }
      gift_voucher_offers: {
        Row: {
          active: boolean
          created_at: string
          description: string
          id: string
          position: number
          price_cents: number
          title: string
          updated_at: string
        }
        Insert: {
          active?: boolean
          created_at?: string
          description?: string
          id?: string
          position?: number
          price_cents: number
          title: string
          updated_at?: string
        }
        Update: {
          active?: boolean
          created_at?: string
          description?: string
          id?: string
          position?: number
          price_cents?: number
          title?: string
          updated_at?: string
        }
        Relationships: []
      }
      gift_voucher_orders: {
        Row: {
          buyer_email: string
          buyer_name: string
          checkout_session_id: string | null
          checkout_url: string | null
          created_at: string
          gift_voucher_id: string | null
          id: string
          invoice_due_date: string | null
          invoice_reference: string | null
          kind: string
          message: string
          offer_id: string | null
          paid_at: string | null
          paid_method: string | null
          payment_method: string
          provider_reference: string | null
          recipient_email: string | null
          recipient_name: string
          reference: string
          send_on: string
          state: string
          stripe_fee_cents: number | null
          title: string
          updated_at: string
          value_cents: number
        }
        Insert: {
          buyer_email: string
          buyer_name: string
          checkout_session_id?: string | null
          checkout_url?: string | null
          created_at?: string
          gift_voucher_id?: string | null
          id?: string
          invoice_due_date?: string | null
          invoice_reference?: string | null
          kind: string
          message?: string
          offer_id?: string | null
          paid_at?: string | null
          paid_method?: string | null
          payment_method?: string
          provider_reference?: string | null
          recipient_email?: string | null
          recipient_name?: string
          reference: string
          send_on: string
          state?: string
          stripe_fee_cents?: number | null
          title?: string
          updated_at?: string
          value_cents: number
        }
        Update: {
          buyer_email?: string
          buyer_name?: string
          checkout_session_id?: string | null
          checkout_url?: string | null
          created_at?: string
          gift_voucher_id?: string | null
          id?: string
          invoice_due_date?: string | null
          invoice_reference?: string | null
          kind?: string
          message?: string
          offer_id?: string | null
          paid_at?: string | null
          paid_method?: string | null
          payment_method?: string
          provider_reference?: string | null
          recipient_email?: string | null
          recipient_name?: string
          reference?: string
          send_on?: string
          state?: string
          stripe_fee_cents?: number | null
          title?: string
          updated_at?: string
          value_cents?: number
        }
        Relationships: [
          {
            foreignKeyName: "gift_voucher_orders_gift_voucher_id_fkey"
            columns: ["gift_voucher_id"]
            isOneToOne: true
            referencedRelation: "gift_vouchers"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "gift_voucher_orders_offer_id_fkey"
            columns: ["offer_id"]
            isOneToOne: false
            referencedRelation: "gift_voucher_offers"
            referencedColumns: ["id"]
          },
        ]
      }
      gift_vouchers: {
        Row: {
          balance_cents: number
          code: string
          created_at: string
          id: string
          issued_by: string | null
          kind: string
          mail_on: string | null
          mailed_to: string
          message: string
          note: string
          recipient_name: string
          source: string
          status: string
          title: string
          updated_at: string
          valid_until: string
          value_cents: number
          void_reason: string
          voided_at: string | null
        }
        Insert: {
          balance_cents: number
          code: string
          created_at?: string
          id?: string
          issued_by?: string | null
          kind: string
          mail_on?: string | null
          mailed_to?: string
          message?: string
          note?: string
          recipient_name?: string
          source: string
          status?: string
          title?: string
          updated_at?: string
          valid_until: string
          value_cents: number
          void_reason?: string
          voided_at?: string | null
        }
        Update: {
          balance_cents?: number
          code?: string
          created_at?: string
          id?: string
          issued_by?: string | null
          kind?: string
          mail_on?: string | null
          mailed_to?: string
          message?: string
          note?: string
          recipient_name?: string
          source?: string
          status?: string
          title?: string
          updated_at?: string
          valid_until?: string
          value_cents?: number
          void_reason?: string
          voided_at?: string | null
        }
        Relationships: []
      }
      hut_blocked_evenings: {
        Row: {
          blocked_by: string | null
          created_at: string
          day: string
          reason: string
        }
        Insert: {
          blocked_by?: string | null
          created_at?: string
          day: string
          reason: string
        }
        Update: {
          blocked_by?: string | null
          created_at?: string
          day?: string
          reason?: string
        }
        Relationships: []
      }
      invoice_creditor: {
        Row: {
          building_number: string
          city: string
          country: string
          iban: string
          id: boolean
          name: string
          payment_days: number
          postal_code: string
          street: string
          updated_at: string
        }
        Insert: {
          building_number?: string
          city: string
          country?: string
          iban: string
          id?: boolean
          name: string
          payment_days?: number
          postal_code: string
          street: string
          updated_at?: string
        }
        Update: {
          building_number?: string
          city?: string
          country?: string
          iban?: string
          id?: boolean
          name?: string
          payment_days?: number
          postal_code?: string
          street?: string
          updated_at?: string
        }
        Relationships: []
      }
      mail_outbox: {
        Row: {
          attempts: number
          created_at: string
          enquiry_id: string | null
          erase_after_send: boolean
          id: string
          kind: string
          last_error: string | null
          locked_until: string | null
          max_attempts: number
          next_attempt_at: string
          participant_id: string | null
          payload: NonNullable<Json>
          provider_id: string | null
          recipient: string | null
          sent_at: string | null
          state: string
          subject: string | null
          updated_at: string
        }
        Insert: {
          attempts?: number
          created_at?: string
          enquiry_id?: string | null
          erase_after_send?: boolean
          id?: string
          kind: string
          last_error?: string | null
          locked_until?: string | null
          max_attempts?: number
          next_attempt_at?: string
          participant_id?: string | null
          payload: NonNullable<Json>
          provider_id?: string | null
          recipient?: string | null
          sent_at?: string | null
          state?: string
          subject?: string | null
          updated_at?: string
        }
        Update: {
          attempts?: number
          created_at?: string
          enquiry_id?: string | null
          erase_after_send?: boolean
          id?: string
          kind?: string
          last_error?: string | null
          locked_until?: string | null
          max_attempts?: number
          next_attempt_at?: string
          participant_id?: string | null
          payload?: NonNullable<Json>
          provider_id?: string | null
          recipient?: string | null
          sent_at?: string | null
          state?: string
          subject?: string | null
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "mail_outbox_enquiry_id_fkey"
            columns: ["enquiry_id"]
            isOneToOne: false
            referencedRelation: "enquiries"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "mail_outbox_participant_id_fkey"
            columns: ["participant_id"]
            isOneToOne: false
            referencedRelation: "admin_bookings"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "mail_outbox_participant_id_fkey"
            columns: ["participant_id"]
            isOneToOne: false
            referencedRelation: "participants"
            referencedColumns: ["id"]
          },
        ]
      }
      manage_tokens: {
        Row: {
          created_at: string
          expires_at: string
          participant_id: string
          token_hash: string
        }
        Insert: {
          created_at?: string
          expires_at: string
          participant_id: string
          token_hash: string
        }
        Update: {
          created_at?: string
          expires_at?: string
          participant_id?: string
          token_hash?: string
        }
        Relationships: [
          {
            foreignKeyName: "manage_tokens_participant_id_fkey"
            columns: ["participant_id"]
            isOneToOne: false
            referencedRelation: "admin_bookings"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "manage_tokens_participant_id_fkey"
            columns: ["participant_id"]
            isOneToOne: false
            referencedRelation: "participants"
            referencedColumns: ["id"]
          },
        ]
      }
      newsletter_subscriptions: {
        Row: {
          created_at: string
          email: string
          id: string
          status: string
          sync_error: string | null
          sync_status: string
          updated_at: string
        }
        Insert: {
          created_at?: string
          email: string
          id?: string
          status?: string
          sync_error?: string | null
          sync_status?: string
          updated_at?: string
        }
        Update: {
          created_at?: string
          email?: string
          id?: string
          status?: string
          sync_error?: string | null
          sync_status?: string
          updated_at?: string
        }
        Relationships: []
      }
      participant_messages: {
        Row: {
          body: string
          created_at: string
          event_id: string | null
          id: string
          recipients: number
          sent_by: string | null
          subject: string
          updated_at: string
        }
        Insert: {
          body: string
          created_at?: string
          event_id?: string | null
          id?: string
          recipients: number
          sent_by?: string | null
          subject: string
          updated_at?: string
        }
        Update: {
          body?: string
          created_at?: string
          event_id?: string | null
          id?: string
          recipients?: number
          sent_by?: string | null
          subject?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "participant_messages_event_id_fkey"
            columns: ["event_id"]
            isOneToOne: false
            referencedRelation: "events"
            referencedColumns: ["id"]
          },
        ]
      }
      participants: {
        Row: {
          anonymised_at: string | null
          answers: NonNullable<Json>
          cancellation_fee_cents: number
          checked_in_at: string | null
          checked_in_persons: number | null
          checkout_session_id: string | null
          checkout_url: string | null
          code_amount_cents: number | null
          code_min_persons: number | null
          code_percent: number | null
          code_ticket_types: string[]
          confirmation_email_id: string | null
          confirmation_sent_at: string | null
          confirmation_token_hash: string | null
          contact_removed_at: string | null
          created_at: string
          discount_cents: number
          discount_code_id: string | null
          email: string
          event_id: string
          hold_confirm_token_hash: string | null
          hold_expires_at: string | null
          hold_released_at: string | null
          id: string
          invoice_due_date: string | null
          invoice_reference: string | null
          invoice_reminded_at: string | null
          name: string
          notes: string
          payment_method: string
          persons: number
          phone: string
          reference: string
          registration_date: string
          request_id: string | null
          status: string
          updated_at: string
        }
        Insert: {
          anonymised_at?: string | null
          answers?: NonNullable<Json>
          cancellation_fee_cents?: number
          checked_in_at?: string | null
          checked_in_persons?: number | null
          checkout_session_id?: string | null
          checkout_url?: string | null
          code_amount_cents?: number | null
          code_min_persons?: number | null
          code_percent?: number | null
          code_ticket_types?: string[]
          confirmation_email_id?: string | null
          confirmation_sent_at?: string | null
          confirmation_token_hash?: string | null
          contact_removed_at?: string | null
          created_at?: string
          discount_cents?: number
          discount_code_id?: string | null
          email: string
          event_id: string
          hold_confirm_token_hash?: string | null
          hold_expires_at?: string | null
          hold_released_at?: string | null
          id?: string
          invoice_due_date?: string | null
          invoice_reference?: string | null
          invoice_reminded_at?: string | null
          name: string
          notes?: string
          payment_method?: string
          persons?: number
          phone: string
          reference?: string
          registration_date?: string
          request_id?: string | null
          status?: string
          updated_at?: string
        }
        Update: {
          anonymised_at?: string | null
          answers?: NonNullable<Json>
          cancellation_fee_cents?: number
          checked_in_at?: string | null
          checked_in_persons?: number | null
          checkout_session_id?: string | null
          checkout_url?: string | null
          code_amount_cents?: number | null
          code_min_persons?: number | null
          code_percent?: number | null
          code_ticket_types?: string[]
          confirmation_email_id?: string | null
          confirmation_sent_at?: string | null
          confirmation_token_hash?: string | null
          contact_removed_at?: string | null
          created_at?: string
          discount_cents?: number
          discount_code_id?: string | null
          email?: string
          event_id?: string
          hold_confirm_token_hash?: string | null
          hold_expires_at?: string | null
          hold_released_at?: string | null
          id?: string
          invoice_due_date?: string | null
          invoice_reference?: string | null
          invoice_reminded_at?: string | null
          name?: string
          notes?: string
          payment_method?: string
          persons?: number
          phone?: string
          reference?: string
          registration_date?: string
          request_id?: string | null
          status?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "participants_discount_code_id_fkey"
            columns: ["discount_code_id"]
            isOneToOne: false
            referencedRelation: "discount_codes"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "participants_event_id_fkey"
            columns: ["event_id"]
            isOneToOne: false
            referencedRelation: "events"
            referencedColumns: ["id"]
          },
        ]
      }
      payments: {
        Row: {
          amount_cents: number
          created_at: string
          currency: string
          gift_voucher_id: string | null
          id: string
          method: string
          note: string
          participant_id: string
          provider_reference: string | null
          recorded_by: string | null
          state: string
          stripe_fee_cents: number | null
          updated_at: string
          value_date: string | null
        }
        Insert: {
          amount_cents: number
          created_at?: string
          currency?: string
          gift_voucher_id?: string | null
          id?: string
          method: string
          note?: string
          participant_id: string
          provider_reference?: string | null
          recorded_by?: string | null
          state?: string
          stripe_fee_cents?: number | null
          updated_at?: string
          value_date?: string | null
        }
        Update: {
          amount_cents?: number
          created_at?: string
          currency?: string
          gift_voucher_id?: string | null
          id?: string
          method?: string
          note?: string
          participant_id?: string
          provider_reference?: string | null
          recorded_by?: string | null
          state?: string
          stripe_fee_cents?: number | null
          updated_at?: string
          value_date?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "payments_gift_voucher_id_fkey"
            columns: ["gift_voucher_id"]
            isOneToOne: false
            referencedRelation: "gift_vouchers"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "payments_participant_id_fkey"
            columns: ["participant_id"]
            isOneToOne: false
            referencedRelation: "admin_bookings"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "payments_participant_id_fkey"
            columns: ["participant_id"]
            isOneToOne: false
            referencedRelation: "participants"
            referencedColumns: ["id"]
          },
        ]
      }
      personal_data_map: {
        Row: {
          column_name: string
          purpose: string
          rule_key: string
          table_name: string
        }
        Insert: {
          column_name: string
          purpose: string
          rule_key: string
          table_name: string
        }
        Update: {
          column_name?: string
          purpose?: string
          rule_key?: string
          table_name?: string
        }
        Relationships: [
          {
            foreignKeyName: "personal_data_map_rule_key_fkey"
            columns: ["rule_key"]
            isOneToOne: false
            referencedRelation: "retention_rules"
            referencedColumns: ["key"]
          },
        ]
      }
      privacy_log: {
        Row: {
          action: string
          actor_user_id: string | null
          counts: NonNullable<Json>
          created_at: string
          event_id: string | null
          id: string
        }
        Insert: {
          action: string
          actor_user_id?: string | null
          counts?: NonNullable<Json>
          created_at?: string
          event_id?: string | null
          id?: string
        }
        Update: {
          action?: string
          actor_user_id?: string | null
          counts?: NonNullable<Json>
          created_at?: string
          event_id?: string | null
          id?: string
        }
        Relationships: [
          {
            foreignKeyName: "privacy_log_event_id_fkey"
            columns: ["event_id"]
            isOneToOne: false
            referencedRelation: "events"
            referencedColumns: ["id"]
          },
        ]
      }
      profiles: {
        Row: {
          admin_since: string | null
          created_at: string
          id: string
          is_admin: boolean
          updated_at: string
        }
        Insert: {
          admin_since?: string | null
          created_at?: string
          id: string
          is_admin?: boolean
          updated_at?: string
        }
        Update: {
          admin_since?: string | null
          created_at?: string
          id?: string
          is_admin?: boolean
          updated_at?: string
        }
        Relationships: []
      }
      receipts: {
        Row: {
          amount_cents: number
          created_at: string
          document: NonNullable<Json>
          issued_on: string
          kind: string
          mail_id: string | null
          method: string | null
          number: string
          participant_id: string
        }
        Insert: {
          amount_cents: number
          created_at?: string
          document: NonNullable<Json>
          issued_on: string
          kind: string
          mail_id?: string | null
          method?: string | null
          number: string
          participant_id: string
        }
        Update: {
          amount_cents?: number
          created_at?: string
          document?: NonNullable<Json>
          issued_on?: string
          kind?: string
          mail_id?: string | null
          method?: string | null
          number?: string
          participant_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "receipts_participant_id_fkey"
            columns: ["participant_id"]
            isOneToOne: false
            referencedRelation: "admin_bookings"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "receipts_participant_id_fkey"
            columns: ["participant_id"]
            isOneToOne: false
            referencedRelation: "participants"
            referencedColumns: ["id"]
          },
        ]
      }
      refund_requests: {
        Row: {
          amount_cents: number | null
          attempts: number
          booking_change_id: string | null
          checkout_session_id: string | null
          created_at: string
          created_by: string | null
          done_at: string | null
          id: string
          kind: string
          last_error: string | null
          locked_until: string | null
          max_attempts: number
          next_attempt_at: string
          notify: boolean
          participant_id: string | null
          payment_id: string | null
          payment_intent_id: string | null
          reason: string
          refund_id: string | null
          state: string
          updated_at: string
        }
        Insert: {
          amount_cents?: number | null
          attempts?: number
          booking_change_id?: string | null
          checkout_session_id?: string | null
          created_at?: string
          created_by?: string | null
          done_at?: string | null
          id?: string
          kind: string
          last_error?: string | null
          locked_until?: string | null
          max_attempts?: number
          next_attempt_at?: string
          notify?: boolean
          participant_id?: string | null
          payment_id?: string | null
          payment_intent_id?: string | null
          reason?: string
          refund_id?: string | null
          state?: string
          updated_at?: string
        }
        Update: {
          amount_cents?: number | null
          attempts?: number
          booking_change_id?: string | null
          checkout_session_id?: string | null
          created_at?: string
          created_by?: string | null
          done_at?: string | null
          id?: string
          kind?: string
          last_error?: string | null
          locked_until?: string | null
          max_attempts?: number
          next_attempt_at?: string
          notify?: boolean
          participant_id?: string | null
          payment_id?: string | null
          payment_intent_id?: string | null
          reason?: string
          refund_id?: string | null
          state?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "refund_requests_booking_change_id_fkey"
            columns: ["booking_change_id"]
            isOneToOne: true
            referencedRelation: "booking_changes"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "refund_requests_participant_id_fkey"
            columns: ["participant_id"]
            isOneToOne: false
            referencedRelation: "admin_bookings"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "refund_requests_participant_id_fkey"
            columns: ["participant_id"]
            isOneToOne: false
            referencedRelation: "participants"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "refund_requests_payment_id_fkey"
            columns: ["payment_id"]
            isOneToOne: false
            referencedRelation: "payments"
            referencedColumns: ["id"]
          },
        ]
      }
      retention_rules: {
        Row: {
          description: string
          keep_days: number | null
          key: string
          label: string
          min_days: number | null
          updated_at: string
        }
        Insert: {
          description: string
          keep_days?: number | null
          key: string
          label: string
          min_days?: number | null
          updated_at?: string
        }
        Update: {
          description?: string
          keep_days?: number | null
          key?: string
          label?: string
          min_days?: number | null
          updated_at?: string
        }
        Relationships: []
      }
      settings: {
        Row: {
          is_public: boolean
          key: string
          updated_at: string
          value: NonNullable<Json>
        }
        Insert: {
          is_public?: boolean
          key: string
          updated_at?: string
          value: NonNullable<Json>
        }
        Update: {
          is_public?: boolean
          key?: string
          updated_at?: string
          value?: NonNullable<Json>
        }
        Relationships: []
      }
      stripe_webhook_events: {
        Row: {
          gift_voucher_order_id: string | null
          id: string
          outcome: string
          participant_id: string | null
          received_at: string
          type: string
        }
        Insert: {
          gift_voucher_order_id?: string | null
          id: string
          outcome: string
          participant_id?: string | null
          received_at?: string
          type: string
        }
        Update: {
          gift_voucher_order_id?: string | null
          id?: string
          outcome?: string
          participant_id?: string | null
          received_at?: string
          type?: string
        }
        Relationships: [
          {
            foreignKeyName: "stripe_webhook_events_gift_voucher_order_id_fkey"
            columns: ["gift_voucher_order_id"]
            isOneToOne: false
            referencedRelation: "gift_voucher_orders"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "stripe_webhook_events_participant_id_fkey"
            columns: ["participant_id"]
            isOneToOne: false
            referencedRelation: "admin_bookings"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "stripe_webhook_events_participant_id_fkey"
            columns: ["participant_id"]
            isOneToOne: false
            referencedRelation: "participants"
            referencedColumns: ["id"]
          },
        ]
      }
      waitlist_entries: {
        Row: {
          answers: NonNullable<Json>
          created_at: string
          email: string
          ended_at: string | null
          event_id: string
          id: string
          leave_token_hash: string
          name: string
          offer_expires_at: string | null
          offer_token_hash: string | null
          offered_at: string | null
          participant_id: string | null
          persons: number
          phone: string
          queue_no: number
          status: string
          updated_at: string
        }
        Insert: {
          answers?: NonNullable<Json>
          created_at?: string
          email: string
          ended_at?: string | null
          event_id: string
          id?: string
          leave_token_hash: string
          name: string
          offer_expires_at?: string | null
          offer_token_hash?: string | null
          offered_at?: string | null
          participant_id?: string | null
          persons: number
          phone: string
          queue_no?: never
          status?: string
          updated_at?: string
        }
        Update: {
          answers?: NonNullable<Json>
          created_at?: string
          email?: string
          ended_at?: string | null
          event_id?: string
          id?: string
          leave_token_hash?: string
          name?: string
          offer_expires_at?: string | null
          offer_token_hash?: string | null
          offered_at?: string | null
          participant_id?: string | null
          persons?: number
          phone?: string
          queue_no?: never
          status?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "waitlist_entries_event_id_fkey"
            columns: ["event_id"]
            isOneToOne: false
            referencedRelation: "events"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "waitlist_entries_participant_id_fkey"
            columns: ["participant_id"]
            isOneToOne: false
            referencedRelation: "admin_bookings"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "waitlist_entries_participant_id_fkey"
            columns: ["participant_id"]
            isOneToOne: false
            referencedRelation: "participants"
            referencedColumns: ["id"]
          },
        ]
      }
    }
    Views: {
      admin_bookings: {
        Row: {
          anonymised_at: string | null
          answers: Json | null
          balance_cents: number | null
          checked_in_at: string | null
          checkout_session_id: string | null
          checkout_url: string | null
          code_discount_cents: number | null
          confirmation_sent_at: string | null
          created_at: string | null
          discount_cents: number | null
          discount_code: string | null
          email: string | null
          event_id: string | null
          excess_cents: number | null
          hold_expires_at: string | null
          hold_released_at: string | null
          id: string | null
          invoice_due_date: string | null
          invoice_reference: string | null
          last_action: string | null
          last_action_at: string | null
          name: string | null
          needs_review: boolean | null
          notes: string | null
          open_cents: number | null
          owed_cents: number | null
          paid_cents: number | null
          paid_method: string | null
          payment_method: string | null
          persons: number | null
          phone: string | null
          reference: string | null
          refund_open: boolean | null
          refunded_cents: number | null
          registration_date: string | null
          status: string | null
          tickets: Json | null
          updated_at: string | null
        }
        Relationships: [
          {
            foreignKeyName: "participants_event_id_fkey"
            columns: ["event_id"]
            isOneToOne: false
            referencedRelation: "events"
            referencedColumns: ["id"]
          },
        ]
      }
    }
    Functions: {
      admin_add_booking: {
        Args: {
          p_email: string
          p_event_id: string
          p_name: string
          p_notes?: string
          p_override?: boolean
          p_payment_method: string
          p_persons: number
          p_phone: string
          p_send_mail?: boolean
        }
        Returns: {
          anonymised_at: string | null
          answers: NonNullable<Json>
          cancellation_fee_cents: number
          checked_in_at: string | null
          checked_in_persons: number | null
          checkout_session_id: string | null
          checkout_url: string | null
          code_amount_cents: number | null
          code_min_persons: number | null
          code_percent: number | null
          code_ticket_types: string[]
          confirmation_email_id: string | null
          confirmation_sent_at: string | null
          confirmation_token_hash: string | null
          contact_removed_at: string | null
          created_at: string
          discount_cents: number
          discount_code_id: string | null
          email: string
          event_id: string
          hold_confirm_token_hash: string | null
          hold_expires_at: string | null
          hold_released_at: string | null
          id: string
          invoice_due_date: string | null
          invoice_reference: string | null
          invoice_reminded_at: string | null
          name: string
          notes: string
          payment_method: string
          persons: number
          phone: string
          reference: string
          registration_date: string
          request_id: string | null
          status: string
          updated_at: string
        }
        SetofOptions: {
          from: "*"
          to: "participants"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      admin_assign_bank_entry: {
        Args: { p_entry_id: string; p_participant_id: string }
        Returns: Json
      }
      admin_block_hut_evening: {
        Args: { p_day: string; p_reason: string }
        Returns: undefined
      }
      admin_booking_history: {
        Args: { p_participant_id: string }
        Returns: {
          action: string
          actor: string
          actor_name: string
          actor_user_id: string | null
          amount_cents: number | null
          created_at: string
          event_after: string
          event_before: string | null
          id: string
          note: string
          override: boolean
          participant_id: string
          persons_after: number
          persons_before: number | null
          status_after: string
          status_before: string | null
        }[]
        SetofOptions: {
          from: "*"
          to: "booking_history"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      admin_cancel_booking: {
        Args: {
          p_note?: string
          p_participant_id: string
          p_refund_cents?: number
        }
        Returns: {
          anonymised_at: string | null
          answers: NonNullable<Json>
          cancellation_fee_cents: number
          checked_in_at: string | null
          checked_in_persons: number | null
          checkout_session_id: string | null
          checkout_url: string | null
          code_amount_cents: number | null
          code_min_persons: number | null
          code_percent: number | null
          code_ticket_types: string[]
          confirmation_email_id: string | null
          confirmation_sent_at: string | null
          confirmation_token_hash: string | null
          contact_removed_at: string | null
          created_at: string
          discount_cents: number
          discount_code_id: string | null
          email: string
          event_id: string
          hold_confirm_token_hash: string | null
          hold_expires_at: string | null
          hold_released_at: string | null
          id: string
          invoice_due_date: string | null
          invoice_reference: string | null
          invoice_reminded_at: string | null
          name: string
          notes: string
          payment_method: string
          persons: number
          phone: string
          reference: string
          registration_date: string
          request_id: string | null
          status: string
          updated_at: string
        }
        SetofOptions: {
          from: "*"
          to: "participants"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      admin_cancel_event: {
        Args: { p_event_id: string; p_message?: string; p_notify?: boolean }
        Returns: Json
      }
      admin_change_persons: {
        Args: {
          p_override?: boolean
          p_participant_id: string
          p_persons: number
          p_tickets?: Json
        }
        Returns: {
          anonymised_at: string | null
          answers: NonNullable<Json>
          cancellation_fee_cents: number
          checked_in_at: string | null
          checked_in_persons: number | null
          checkout_session_id: string | null
          checkout_url: string | null
          code_amount_cents: number | null
          code_min_persons: number | null
          code_percent: number | null
          code_ticket_types: string[]
          confirmation_email_id: string | null
          confirmation_sent_at: string | null
          confirmation_token_hash: string | null
          contact_removed_at: string | null
          created_at: string
          discount_cents: number
          discount_code_id: string | null
          email: string
          event_id: string
          hold_confirm_token_hash: string | null
          hold_expires_at: string | null
          hold_released_at: string | null
          id: string
          invoice_due_date: string | null
          invoice_reference: string | null
          invoice_reminded_at: string | null
          name: string
          notes: string
          payment_method: string
          persons: number
          phone: string
          reference: string
          registration_date: string
          request_id: string | null
          status: string
          updated_at: string
        }
        SetofOptions: {
          from: "*"
          to: "participants"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      admin_check_in_ticket: {
        Args: { p_code: string; p_event_id?: string; p_persons?: number }
        Returns: Json
      }
      admin_clone_event: {
        Args: { p_event_id: string }
        Returns: {
          bring_along: string | null
          cancellation_deadline_hours: number
          category: string
          created_at: string
          current_participants: number
          description: string
          end_date: string | null
          end_time: string | null
          id: string
          image_url: string | null
          is_cancelled: boolean
          is_sold_out: boolean
          late_cancellation_charge_percent: number | null
          location: string
          max_age: number | null
          max_participants: number
          max_persons_per_booking: number
          min_age: number | null
          offered_persons: number
          payment_methods: string[]
          price: number
          questions: NonNullable<Json>
          series_id: string | null
          slug: string
          start_date: string | null
          start_time: string | null
          status: string
          subtitle: string | null
          title: string
          updated_at: string
        }
        SetofOptions: {
          from: "*"
          to: "events"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      admin_create_event_series: {
        Args: {
          p_dates: string[]
          p_event: Json
          p_rule: Json
          p_rule_text: string
        }
        Returns: {
          created_at: string
          id: string
          rule: NonNullable<Json>
          rule_text: string
          title: string
        }
        SetofOptions: {
          from: "*"
          to: "event_series"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      admin_dashboard_stats: { Args: Record<PropertyKey, never>; Returns: Json }
      admin_delete_event: { Args: { p_event_id: string }; Returns: undefined }
      admin_delete_participant: {
        Args: { p_participant_id: string }
        Returns: undefined
      }
      admin_discount_codes: {
        Args: Record<PropertyKey, never>
        Returns: {
          code: string
          id: string
          uses: number
        }[]
      }
      admin_edit_event_series: {
        Args: {
          p_changes: Json
          p_event_id: string
          p_message?: string
          p_scope: string
        }
        Returns: Record<string, unknown>
      }
      admin_erase_person: { Args: { p_email: string }; Returns: Json }
      admin_event_notice_state: { Args: { p_event_id: string }; Returns: Json }
      admin_event_occupancy: {
        Args: { p_limit?: number }
        Returns: {
          booked_persons: number
          event_id: string
          max_participants: number
          start_date: string
          title: string
        }[]
      }
      admin_event_personal_data: { Args: { p_event_id: string }; Returns: Json }
      admin_event_ticket_counts: {
        Args: { p_event_ids: string[] }
        Returns: {
          event_id: string
          name: string
          persons: number
        }[]
      }
      admin_finance_export: {
        Args: { p_from: string; p_to: string }
        Returns: {
          bank_reference: string
          booking_reference: string
          entry_date: string
          event_date: string
          event_title: string
          gross_cents: number
          kind: string
          method: string
          qr_reference: string
          refund_cents: number
          stripe_fee_cents: number
        }[]
      }
      admin_finance_report: {
        Args: { p_from: string; p_to: string }
        Returns: {
          booked_cents: number
          discount_cents: number
          event_date: string
          event_id: string
          event_title: string
          month: string
          open_cents: number
          received_card_cents: number
          received_cents: number
          received_invoice_cents: number
          received_onsite_cents: number
          received_twint_cents: number
          refunded_cents: number
          scope: string
          voucher_cents: number
        }[]
      }
      admin_gift_voucher_liability: {
        Args: Record<PropertyKey, never>
        Returns: {
          expired_cents: number
          expired_count: number
          open_cents: number
          open_count: number
        }[]
      }
      admin_gift_voucher_sales: {
        Args: { p_from: string; p_to: string }
        Returns: {
          card_cents: number
          invoice_cents: number
          sold_cents: number
          sold_count: number
          twint_cents: number
        }[]
      }
      admin_gift_voucher_uses: {
        Args: { p_id: string }
        Returns: {
          amount_cents: number
          at: string
          event_date: string
          event_title: string
          kind: string
          name: string
          participant_id: string
          reference: string
        }[]
      }
      admin_hut_month: { Args: { p_month: string }; Returns: Json }
      admin_import_bank_entries: {
        Args: { p_commit?: boolean; p_file: Json }
        Returns: Json
      }
      admin_inbox_counts: { Args: Record<PropertyKey, never>; Returns: Json }
      admin_invite_user: { Args: { p_email: string }; Returns: string }
      admin_issue_gift_voucher: {
        Args: {
          p_kind: string
          p_message?: string
          p_note?: string
          p_recipient_name?: string
          p_title?: string
          p_valid_until?: string
          p_value_cents: number
        }
        Returns: {
          balance_cents: number
          code: string
          created_at: string
          id: string
          issued_by: string | null
          kind: string
          mail_on: string | null
          mailed_to: string
          message: string
          note: string
          recipient_name: string
          source: string
          status: string
          title: string
          updated_at: string
          valid_until: string
          value_cents: number
          void_reason: string
          voided_at: string | null
        }
        SetofOptions: {
          from: "*"
          to: "gift_vouchers"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      admin_list_users: {
        Args: Record<PropertyKey, never>
        Returns: {
          admin_since: string
          created_at: string
          email: string
          email_confirmed: boolean
          id: string
          is_admin: boolean
          last_sign_in_at: string
        }[]
      }
      admin_move_booking: {
        Args: {
          p_event_id: string
          p_override?: boolean
          p_participant_id: string
        }
        Returns: {
          anonymised_at: string | null
          answers: NonNullable<Json>
          cancellation_fee_cents: number
          checked_in_at: string | null
          checked_in_persons: number | null
          checkout_session_id: string | null
          checkout_url: string | null
          code_amount_cents: number | null
          code_min_persons: number | null
          code_percent: number | null
          code_ticket_types: string[]
          confirmation_email_id: string | null
          confirmation_sent_at: string | null
          confirmation_token_hash: string | null
          contact_removed_at: string | null
          created_at: string
          discount_cents: number
          discount_code_id: string | null
          email: string
          event_id: string
          hold_confirm_token_hash: string | null
          hold_expires_at: string | null
          hold_released_at: string | null
          id: string
          invoice_due_date: string | null
          invoice_reference: string | null
          invoice_reminded_at: string | null
          name: string
          notes: string
          payment_method: string
          persons: number
          phone: string
          reference: string
          registration_date: string
          request_id: string | null
          status: string
          updated_at: string
        }
        SetofOptions: {
          from: "*"
          to: "participants"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      admin_move_hut_booking: {
        Args: { p_day: string; p_override?: boolean; p_participant_id: string }
        Returns: {
          anonymised_at: string | null
          answers: NonNullable<Json>
          cancellation_fee_cents: number
          checked_in_at: string | null
          checked_in_persons: number | null
          checkout_session_id: string | null
          checkout_url: string | null
          code_amount_cents: number | null
          code_min_persons: number | null
          code_percent: number | null
          code_ticket_types: string[]
          confirmation_email_id: string | null
          confirmation_sent_at: string | null
          confirmation_token_hash: string | null
          contact_removed_at: string | null
          created_at: string
          discount_cents: number
          discount_code_id: string | null
          email: string
          event_id: string
          hold_confirm_token_hash: string | null
          hold_expires_at: string | null
          hold_released_at: string | null
          id: string
          invoice_due_date: string | null
          invoice_reference: string | null
          invoice_reminded_at: string | null
          name: string
          notes: string
          payment_method: string
          persons: number
          phone: string
          reference: string
          registration_date: string
          request_id: string | null
          status: string
          updated_at: string
        }
        SetofOptions: {
          from: "*"
          to: "participants"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      admin_notify_event_cancelled: {
        Args: { p_event_id: string; p_message?: string }
        Returns: number
      }
      admin_notify_event_changed: {
        Args: {
          p_event_id: string
          p_message?: string
          p_old_end_date?: string
          p_old_end_time?: string
          p_old_location?: string
          p_old_start_date?: string
          p_old_start_time?: string
        }
        Returns: number
      }
      admin_offer_waitlist_entry: {
        Args: { p_entry_id: string }
        Returns: undefined
      }
      admin_overdue_invoices: {
        Args: Record<PropertyKey, never>
        Returns: {
          email: string
          event_date: string
          event_id: string
          event_title: string
          invoice_due_date: string
          name: string
          open_cents: number
          participant_id: string
          reference: string
          reminded_at: string
        }[]
      }
      admin_person_data: { Args: { p_email: string }; Returns: Json }
      admin_preview_message: {
        Args: { p_body: string; p_participant_id: string; p_subject: string }
        Returns: Json
      }
      admin_reactivate_booking: {
        Args: { p_override?: boolean; p_participant_id: string }
        Returns: {
          anonymised_at: string | null
          answers: NonNullable<Json>
          cancellation_fee_cents: number
          checked_in_at: string | null
          checked_in_persons: number | null
          checkout_session_id: string | null
          checkout_url: string | null
          code_amount_cents: number | null
          code_min_persons: number | null
          code_percent: number | null
          code_ticket_types: string[]
          confirmation_email_id: string | null
          confirmation_sent_at: string | null
          confirmation_token_hash: string | null
          contact_removed_at: string | null
          created_at: string
          discount_cents: number
          discount_code_id: string | null
          email: string
          event_id: string
          hold_confirm_token_hash: string | null
          hold_expires_at: string | null
          hold_released_at: string | null
          id: string
          invoice_due_date: string | null
          invoice_reference: string | null
          invoice_reminded_at: string | null
          name: string
          notes: string
          payment_method: string
          persons: number
          phone: string
          reference: string
          registration_date: string
          request_id: string | null
          status: string
          updated_at: string
        }
        SetofOptions: {
          from: "*"
          to: "participants"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      admin_record_manual_refund: {
        Args: { p_participant_id: string }
        Returns: string
      }
      admin_record_payment: {
        Args: {
          p_amount_cents: number
          p_method: string
          p_note?: string
          p_participant_id: string
        }
        Returns: {
          anonymised_at: string | null
          answers: NonNullable<Json>
          cancellation_fee_cents: number
          checked_in_at: string | null
          checked_in_persons: number | null
          checkout_session_id: string | null
          checkout_url: string | null
          code_amount_cents: number | null
          code_min_persons: number | null
          code_percent: number | null
          code_ticket_types: string[]
          confirmation_email_id: string | null
          confirmation_sent_at: string | null
          confirmation_token_hash: string | null
          contact_removed_at: string | null
          created_at: string
          discount_cents: number
          discount_code_id: string | null
          email: string
          event_id: string
          hold_confirm_token_hash: string | null
          hold_expires_at: string | null
          hold_released_at: string | null
          id: string
          invoice_due_date: string | null
          invoice_reference: string | null
          invoice_reminded_at: string | null
          name: string
          notes: string
          payment_method: string
          persons: number
          phone: string
          reference: string
          registration_date: string
          request_id: string | null
          status: string
          updated_at: string
        }
        SetofOptions: {
          from: "*"
          to: "participants"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      admin_refund: {
        Args: {
          p_amount_cents: number
          p_participant_id: string
          p_reason: string
        }
        Returns: number
      }
      admin_refund_details: {
        Args: { p_participant_id: string }
        Returns: Json
      }
      admin_remove_waitlist_entry: {
        Args: { p_entry_id: string }
        Returns: undefined
      }
      admin_resend_confirmation: {
        Args: { p_participant_id: string }
        Returns: string
      }
      admin_resolve_payment: {
        Args: { p_accept: boolean; p_note?: string; p_payment_id: string }
        Returns: {
          amount_cents: number
          created_at: string
          currency: string
          gift_voucher_id: string | null
          id: string
          method: string
          note: string
          participant_id: string
          provider_reference: string | null
          recorded_by: string | null
          state: string
          stripe_fee_cents: number | null
          updated_at: string
          value_date: string | null
        }
        SetofOptions: {
          from: "*"
          to: "payments"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      admin_retry_mail: {
        Args: { p_mail_id: string }
        Returns: {
          attempts: number
          created_at: string
          enquiry_id: string | null
          erase_after_send: boolean
          id: string
          kind: string
          last_error: string | null
          locked_until: string | null
          max_attempts: number
          next_attempt_at: string
          participant_id: string | null
          payload: NonNullable<Json>
          provider_id: string | null
          recipient: string | null
          sent_at: string | null
          state: string
          subject: string | null
          updated_at: string
        }
        SetofOptions: {
          from: "*"
          to: "mail_outbox"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      admin_send_gift_voucher: {
        Args: { p_email: string; p_id: string; p_send_on?: string }
        Returns: string
      }
      admin_send_message: {
        Args: {
          p_body: string
          p_participant_ids: string[]
          p_subject: string
          p_waitlist_event_id?: string
        }
        Returns: number
      }
      admin_set_admin: {
        Args: { p_is_admin: boolean; p_user_id: string }
        Returns: undefined
      }
      admin_set_checked_in: {
        Args: { p_participant_id: string; p_present: boolean }
        Returns: {
          anonymised_at: string | null
          answers: NonNullable<Json>
          cancellation_fee_cents: number
          checked_in_at: string | null
          checked_in_persons: number | null
          checkout_session_id: string | null
          checkout_url: string | null
          code_amount_cents: number | null
          code_min_persons: number | null
          code_percent: number | null
          code_ticket_types: string[]
          confirmation_email_id: string | null
          confirmation_sent_at: string | null
          confirmation_token_hash: string | null
          contact_removed_at: string | null
          created_at: string
          discount_cents: number
          discount_code_id: string | null
          email: string
          event_id: string
          hold_confirm_token_hash: string | null
          hold_expires_at: string | null
          hold_released_at: string | null
          id: string
          invoice_due_date: string | null
          invoice_reference: string | null
          invoice_reminded_at: string | null
          name: string
          notes: string
          payment_method: string
          persons: number
          phone: string
          reference: string
          registration_date: string
          request_id: string | null
          status: string
          updated_at: string
        }
        SetofOptions: {
          from: "*"
          to: "participants"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      admin_set_enquiry_handled: {
        Args: { p_enquiry_id: string; p_handled: boolean }
        Returns: {
          created_at: string
          email: string
          handled_at: string | null
          id: string
          kind: string
          mail_error: string | null
          mail_status: string
          message: string
          name: string
          subject: string
          updated_at: string
        }
        SetofOptions: {
          from: "*"
          to: "enquiries"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      admin_shred_event: { Args: { p_event_id: string }; Returns: Json }
      admin_ticket_booking: {
        Args: { p_code: string; p_event_id?: string }
        Returns: Json
      }
      admin_unblock_hut_evening: { Args: { p_day: string }; Returns: boolean }
      admin_update_participant: {
        Args: {
          p_email: string
          p_name: string
          p_notes?: string
          p_participant_id: string
          p_phone: string
        }
        Returns: {
          anonymised_at: string | null
          answers: NonNullable<Json>
          cancellation_fee_cents: number
          checked_in_at: string | null
          checked_in_persons: number | null
          checkout_session_id: string | null
          checkout_url: string | null
          code_amount_cents: number | null
          code_min_persons: number | null
          code_percent: number | null
          code_ticket_types: string[]
          confirmation_email_id: string | null
          confirmation_sent_at: string | null
          confirmation_token_hash: string | null
          contact_removed_at: string | null
          created_at: string
          discount_cents: number
          discount_code_id: string | null
          email: string
          event_id: string
          hold_confirm_token_hash: string | null
          hold_expires_at: string | null
          hold_released_at: string | null
          id: string
          invoice_due_date: string | null
          invoice_reference: string | null
          invoice_reminded_at: string | null
          name: string
          notes: string
          payment_method: string
          persons: number
          phone: string
          reference: string
          registration_date: string
          request_id: string | null
          status: string
          updated_at: string
        }
        SetofOptions: {
          from: "*"
          to: "participants"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      admin_void_gift_voucher: {
        Args: { p_id: string; p_reason: string }
        Returns: {
          balance_cents: number
          code: string
          created_at: string
          id: string
          issued_by: string | null
          kind: string
          mail_on: string | null
          mailed_to: string
          message: string
          note: string
          recipient_name: string
          source: string
          status: string
          title: string
          updated_at: string
          valid_until: string
          value_cents: number
          void_reason: string
          voided_at: string | null
        }
        SetofOptions: {
          from: "*"
          to: "gift_vouchers"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      admin_waitlist: {
        Args: { p_event_id: string }
        Returns: {
          created_at: string
          email: string
          ended_at: string
          id: string
          list_position: number
          name: string
          offer_expires_at: string
          offered_at: string
          persons: number
          phone: string
          status: string
        }[]
      }
      admin_weekly_bookings: {
        Args: { p_weeks?: number }
        Returns: {
          persons: number
          registrations: number
          revenue_cents: number
          week_start: string
        }[]
      }
      availability: {
        Args: { e: Database["public"]["Tables"]["events"]["Row"] }
        Returns: Database["public"]["CompositeTypes"]["event_availability"]
        SetofOptions: {
          from: "events"
          to: "event_availability"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      begin_checkout: {
        Args: { p_participant_id: string; p_token: string }
        Returns: Json
      }
      begin_checkout_by_reference: {
        Args: { p_reference: string; p_token: string }
        Returns: Json
      }
      book_hut_evening: {
        Args: {
          p_address_key?: string
          p_answers?: Json
          p_day: string
          p_email: string
          p_name: string
          p_notes?: string
          p_payment_method: string
          p_persons?: number
          p_persons_per_address?: number
          p_phone: string
          p_request_id?: string
          p_voucher_code?: string
        }
        Returns: Json
      }
      booking_by_token: {
        Args: { p_reference: string; p_token: string }
        Returns: Json
      }
      booking_receipt_document: {
        Args: { p_number: string; p_reference: string; p_token: string }
        Returns: Json
      }
      booking_receipts: {
        Args: { p_reference: string; p_token: string }
        Returns: Json
      }
      change_booking: {
        Args: {
          p_persons: number
          p_reference: string
          p_tickets?: Json
          p_token: string
        }
        Returns: Json
      }
      check_discount_code: {
        Args: {
          p_code: string
          p_event_id: string
          p_persons: number
          p_tickets?: Json
        }
        Returns: Json
      }
      check_gift_voucher: { Args: { p_code: string }; Returns: Json }
      claim_outbox_mails: {
        Args: { p_lease_seconds?: number; p_limit?: number }
        Returns: {
          attempts: number
          created_at: string
          enquiry_id: string | null
          erase_after_send: boolean
          id: string
          kind: string
          last_error: string | null
          locked_until: string | null
          max_attempts: number
          next_attempt_at: string
          participant_id: string | null
          payload: NonNullable<Json>
          provider_id: string | null
          recipient: string | null
          sent_at: string | null
          state: string
          subject: string | null
          updated_at: string
        }[]
        SetofOptions: {
          from: "*"
          to: "mail_outbox"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      claim_refund_requests: {
        Args: { p_lease_seconds?: number; p_limit?: number }
        Returns: {
          amount_cents: number | null
          attempts: number
          booking_change_id: string | null
          checkout_session_id: string | null
          created_at: string
          created_by: string | null
          done_at: string | null
          id: string
          kind: string
          last_error: string | null
          locked_until: string | null
          max_attempts: number
          next_attempt_at: string
          notify: boolean
          participant_id: string | null
          payment_id: string | null
          payment_intent_id: string | null
          reason: string
          refund_id: string | null
          state: string
          updated_at: string
        }[]
        SetofOptions: {
          from: "*"
          to: "refund_requests"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      claim_waitlist_offer: {
        Args: {
          p_answers?: Json
          p_payment_method: string
          p_tickets?: Json
          p_token: string
          p_voucher_code?: string
        }
        Returns: Json
      }
      complete_checkout: {
        Args: {
          p_amount_cents: number
          p_currency: string
          p_event_id: string
          p_method: string
          p_payment_intent_id: string
          p_session_id: string
        }
        Returns: string
      }
      complete_gift_voucher_checkout: {
        Args: {
          p_amount_cents: number
          p_currency: string
          p_event_id: string
          p_method: string
          p_payment_intent_id: string
          p_session_id: string
        }
        Returns: string
      }
      confirm_booking: {
        Args: { p_reference: string; p_token: string }
        Returns: Json
      }
      confirmation_mail_status: {
        Args: { p_participant_id: string; p_token: string }
        Returns: string
      }
      current_event_slug: { Args: { p_slug: string }; Returns: string }
      event_slug: {
        Args: { p_start_date: string; p_title: string }
        Returns: string
      }
      event_ticket_choices: {
        Args: { p_event_id: string }
        Returns: {
          id: string
          name: string
          note: string
          price: number
          seats_left: number
        }[]
      }
      expire_checkout: {
        Args: { p_event_id: string; p_session_id: string }
        Returns: string
      }
      expire_gift_voucher_checkout: {
        Args: { p_event_id: string; p_session_id: string }
        Returns: string
      }
      expire_waitlist_offers: {
        Args: Record<PropertyKey, never>
        Returns: number
      }
      gift_voucher_shop: { Args: Record<PropertyKey, never>; Returns: Json }
      hit_rate_limit: {
        Args: { p_key: string; p_limit: number; p_window_seconds: number }
        Returns: boolean
      }
      hut_month: { Args: { p_month: string }; Returns: Json }
      invoice_available: { Args: Record<PropertyKey, never>; Returns: boolean }
      is_admin: { Args: Record<PropertyKey, never>; Returns: boolean }
      join_waitlist: {
        Args: {
          p_answers?: Json
          p_email: string
          p_event_id: string
          p_name: string
          p_persons?: number
          p_phone: string
        }
        Returns: Json
      }
      leave_waitlist: { Args: { p_token: string }; Returns: Json }
      order_gift_voucher: {
        Args: {
          p_buyer_email: string
          p_buyer_name: string
          p_message: string
          p_offer_id?: string
          p_payment_method?: string
          p_recipient_email: string
          p_recipient_name: string
          p_send_on: string
          p_value_cents?: number
        }
        Returns: Json
      }
      payment_state: {
        Args: { p_participant_id: string; p_token: string }
        Returns: Json
      }
      record_checkout_session: {
        Args: {
          p_expires_at: string
          p_participant_id: string
          p_session_id: string
          p_url: string
        }
        Returns: undefined
      }
      record_gift_voucher_checkout: {
        Args: { p_order_id: string; p_session_id: string; p_url: string }
        Returns: undefined
      }
      record_outbox_attempt: {
        Args: {
          p_attempt: number
          p_error?: string
          p_id: string
          p_permanent?: boolean
          p_provider_id?: string
          p_recipient?: string
          p_subject?: string
        }
        Returns: string
      }
      record_refund: {
        Args: { p_participant_id: string; p_refund_id: string }
        Returns: {
          anonymised_at: string | null
          answers: NonNullable<Json>
          cancellation_fee_cents: number
          checked_in_at: string | null
          checked_in_persons: number | null
          checkout_session_id: string | null
          checkout_url: string | null
          code_amount_cents: number | null
          code_min_persons: number | null
          code_percent: number | null
          code_ticket_types: string[]
          confirmation_email_id: string | null
          confirmation_sent_at: string | null
          confirmation_token_hash: string | null
          contact_removed_at: string | null
          created_at: string
          discount_cents: number
          discount_code_id: string | null
          email: string
          event_id: string
          hold_confirm_token_hash: string | null
          hold_expires_at: string | null
          hold_released_at: string | null
          id: string
          invoice_due_date: string | null
          invoice_reference: string | null
          invoice_reminded_at: string | null
          name: string
          notes: string
          payment_method: string
          persons: number
          phone: string
          reference: string
          registration_date: string
          request_id: string | null
          status: string
          updated_at: string
        }
        SetofOptions: {
          from: "*"
          to: "participants"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      record_refund_attempt: {
        Args: {
          p_attempt: number
          p_error?: string
          p_id: string
          p_permanent?: boolean
          p_refund_id?: string
        }
        Returns: string
      }
      record_stripe_fee: {
        Args: { p_fee_cents: number; p_payment_intent_id: string }
        Returns: boolean
      }
      register_for_event: {
        Args: {
          p_address_key?: string
          p_answers?: Json
          p_discount_code?: string
          p_email: string
          p_event_id: string
          p_name: string
          p_notes?: string
          p_payment_method: string
          p_persons?: number
          p_persons_per_address?: number
          p_phone: string
          p_request_id?: string
          p_tickets?: Json
          p_voucher_code?: string
        }
        Returns: Json
      }
      release_expired_holds: {
        Args: Record<PropertyKey, never>
        Returns: number
      }
      send_event_reminders: { Args: { p_now?: string }; Returns: number }
      slugify: { Args: { p_title: string }; Returns: string }
      submit_enquiry: {
        Args: {
          p_email: string
          p_kind: string
          p_message: string
          p_name: string
          p_subject: string
        }
        Returns: string
      }
      subscribe_to_newsletter: {
        Args: { p_email: string; p_notify_provider: boolean }
        Returns: undefined
      }
      take_rate_limit_units: {
        Args: {
          p_key: string
          p_limit: number
          p_units: number
          p_window_seconds: number
        }
        Returns: boolean
      }
      ticket_price_from: {
        Args: { e: Database["public"]["Tables"]["events"]["Row"] }
        Returns: number
      }
      unlisted_personal_columns: {
        Args: Record<PropertyKey, never>
        Returns: {
          column_name: string
          data_type: string
          table_name: string
        }[]
      }
      use_altcha_challenge: {
        Args: { p_challenge: string; p_expires_at: string }
        Returns: boolean
      }
      waitlist_link: { Args: { p_token: string }; Returns: Json }
    }
    Enums: {
      [_ in never]: never
    }
    CompositeTypes: {
      event_availability: {
        seats_left: number | null
        is_full: boolean | null
        is_bookable: boolean | null
        reason: string | null
        max_persons: number | null
      }
    }
  }
}

type DatabaseWithoutInternals = Omit<Database, "__InternalSupabase">

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, "public">]

export type Tables<
  DefaultSchemaTableNameOrOptions extends
    | keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
        DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
      DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])[TableName] extends {
      Row: infer R
    }
    ? R
    : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema["Tables"] &
        DefaultSchema["Views"])
    ? (DefaultSchema["Tables"] &
        DefaultSchema["Views"])[DefaultSchemaTableNameOrOptions] extends {
        Row: infer R
      }
      ? R
      : never
    : never

export type TablesInsert<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Insert: infer I
    }
    ? I
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Insert: infer I
      }
      ? I
      : never
    : never

export type TablesUpdate<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Update: infer U
    }
    ? U
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Update: infer U
      }
      ? U
      : never
    : never

export type Enums<
  DefaultSchemaEnumNameOrOptions extends
    | keyof DefaultSchema["Enums"]
    | { schema: keyof DatabaseWithoutInternals },
  EnumName extends (DefaultSchemaEnumNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"]
    : never) = never,
> = DefaultSchemaEnumNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"][EnumName]
  : DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema["Enums"]
    ? DefaultSchema["Enums"][DefaultSchemaEnumNameOrOptions]
    : never

export type CompositeTypes<
  PublicCompositeTypeNameOrOptions extends
    | keyof DefaultSchema["CompositeTypes"]
    | { schema: keyof DatabaseWithoutInternals },
  CompositeTypeName extends (PublicCompositeTypeNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"]
    : never) = never,
> = PublicCompositeTypeNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"][CompositeTypeName]
  : PublicCompositeTypeNameOrOptions extends keyof DefaultSchema["CompositeTypes"]
    ? DefaultSchema["CompositeTypes"][PublicCompositeTypeNameOrOptions]
    : never

export const Constants = {
  graphql_public: {
    Enums: {},
  },
  public: {
    Enums: {},
  },
} as const

