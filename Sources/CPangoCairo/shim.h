// The part of Cairo and Pango the pixel host calls, declared here rather than read from their
// headers (Debian: libcairo2-dev, libpango1.0-dev). Their headers need pkg-config's flags, and
// pango.pc's `-pthread` is a flag SwiftPM refuses: it warned on every build of every package
// that depends on Scrollwork, a terminal-only one too. Declared here, the module needs no
// search path at all; the libraries are still linked by name (module.modulemap).
//
// Every type, constant and prototype below is Cairo 1.16's and Pango 1.50's, both stable ABIs.
// scripts/test compiles this file after the real headers with SCROLLWORK_SHIM_CHECK defined:
// each prototype must then agree with the real one, and each constant and field offset is
// asserted equal to the real one, so a mistake here fails the tests rather than drawing wrong.
#ifndef SCROLLWORK_CPANGOCAIRO_SHIM_H
#define SCROLLWORK_CPANGOCAIRO_SHIM_H

#include <stddef.h>

// Each enumeration's constants, once: enumerators normally, assertions in the check.
#define SCROLLWORK_CAIRO_STATUS(X) X(CAIRO_STATUS_SUCCESS, 0) X(CAIRO_STATUS_NO_MEMORY, 1) X(CAIRO_STATUS_WRITE_ERROR, 11)
#define SCROLLWORK_CAIRO_FORMAT(X) X(CAIRO_FORMAT_INVALID, -1) X(CAIRO_FORMAT_ARGB32, 0)
#define SCROLLWORK_CAIRO_ANTIALIAS(X) X(CAIRO_ANTIALIAS_DEFAULT, 0) X(CAIRO_ANTIALIAS_GRAY, 2)
#define SCROLLWORK_CAIRO_HINT_STYLE(X) X(CAIRO_HINT_STYLE_DEFAULT, 0) X(CAIRO_HINT_STYLE_NONE, 1)
#define SCROLLWORK_CAIRO_HINT_METRICS(X) X(CAIRO_HINT_METRICS_DEFAULT, 0) X(CAIRO_HINT_METRICS_OFF, 1)
#define SCROLLWORK_CAIRO_LINE_CAP(X) X(CAIRO_LINE_CAP_BUTT, 0) X(CAIRO_LINE_CAP_ROUND, 1)
#define SCROLLWORK_CAIRO_LINE_JOIN(X) X(CAIRO_LINE_JOIN_MITER, 0) X(CAIRO_LINE_JOIN_ROUND, 1)
#define SCROLLWORK_CAIRO_FONT_SLANT(X) X(CAIRO_FONT_SLANT_NORMAL, 0) X(CAIRO_FONT_SLANT_OBLIQUE, 2)
#define SCROLLWORK_CAIRO_FONT_WEIGHT(X) X(CAIRO_FONT_WEIGHT_NORMAL, 0) X(CAIRO_FONT_WEIGHT_BOLD, 1)
#define SCROLLWORK_CAIRO_TEXT_CLUSTER_FLAGS(X) X(CAIRO_TEXT_CLUSTER_FLAG_BACKWARD, 1)
#define SCROLLWORK_PANGO_STYLE(X) X(PANGO_STYLE_NORMAL, 0) X(PANGO_STYLE_OBLIQUE, 1)
#define SCROLLWORK_PANGO_WEIGHT(X) X(PANGO_WEIGHT_NORMAL, 400) X(PANGO_WEIGHT_BOLD, 700)
#define SCROLLWORK_PANGO_SCALE 1024

#ifdef SCROLLWORK_SHIM_CHECK

#define SCROLLWORK_ASSERT_VALUE(name, value) _Static_assert(name == (value), #name " must be " #value);
SCROLLWORK_CAIRO_STATUS(SCROLLWORK_ASSERT_VALUE)
SCROLLWORK_CAIRO_FORMAT(SCROLLWORK_ASSERT_VALUE)
SCROLLWORK_CAIRO_ANTIALIAS(SCROLLWORK_ASSERT_VALUE)
SCROLLWORK_CAIRO_HINT_STYLE(SCROLLWORK_ASSERT_VALUE)
SCROLLWORK_CAIRO_HINT_METRICS(SCROLLWORK_ASSERT_VALUE)
SCROLLWORK_CAIRO_LINE_CAP(SCROLLWORK_ASSERT_VALUE)
SCROLLWORK_CAIRO_LINE_JOIN(SCROLLWORK_ASSERT_VALUE)
SCROLLWORK_CAIRO_FONT_SLANT(SCROLLWORK_ASSERT_VALUE)
SCROLLWORK_CAIRO_FONT_WEIGHT(SCROLLWORK_ASSERT_VALUE)
SCROLLWORK_CAIRO_TEXT_CLUSTER_FLAGS(SCROLLWORK_ASSERT_VALUE)
SCROLLWORK_PANGO_STYLE(SCROLLWORK_ASSERT_VALUE)
SCROLLWORK_PANGO_WEIGHT(SCROLLWORK_ASSERT_VALUE)
_Static_assert(PANGO_SCALE == SCROLLWORK_PANGO_SCALE, "PANGO_SCALE must be 1024");

#else

#define SCROLLWORK_ENUMERATOR(name, value) name = (value),
typedef enum _cairo_status { SCROLLWORK_CAIRO_STATUS(SCROLLWORK_ENUMERATOR) } cairo_status_t;
typedef enum _cairo_format { SCROLLWORK_CAIRO_FORMAT(SCROLLWORK_ENUMERATOR) } cairo_format_t;
typedef enum _cairo_antialias { SCROLLWORK_CAIRO_ANTIALIAS(SCROLLWORK_ENUMERATOR) } cairo_antialias_t;
typedef enum _cairo_hint_style { SCROLLWORK_CAIRO_HINT_STYLE(SCROLLWORK_ENUMERATOR) } cairo_hint_style_t;
typedef enum _cairo_hint_metrics { SCROLLWORK_CAIRO_HINT_METRICS(SCROLLWORK_ENUMERATOR) } cairo_hint_metrics_t;
typedef enum _cairo_line_cap { SCROLLWORK_CAIRO_LINE_CAP(SCROLLWORK_ENUMERATOR) } cairo_line_cap_t;
typedef enum _cairo_line_join { SCROLLWORK_CAIRO_LINE_JOIN(SCROLLWORK_ENUMERATOR) } cairo_line_join_t;
typedef enum _cairo_font_slant { SCROLLWORK_CAIRO_FONT_SLANT(SCROLLWORK_ENUMERATOR) } cairo_font_slant_t;
typedef enum _cairo_font_weight { SCROLLWORK_CAIRO_FONT_WEIGHT(SCROLLWORK_ENUMERATOR) } cairo_font_weight_t;
typedef enum _cairo_text_cluster_flags { SCROLLWORK_CAIRO_TEXT_CLUSTER_FLAGS(SCROLLWORK_ENUMERATOR) } cairo_text_cluster_flags_t;
typedef enum { SCROLLWORK_PANGO_STYLE(SCROLLWORK_ENUMERATOR) } PangoStyle;
typedef enum { SCROLLWORK_PANGO_WEIGHT(SCROLLWORK_ENUMERATOR) } PangoWeight;
#define PANGO_SCALE SCROLLWORK_PANGO_SCALE

typedef struct _cairo cairo_t;
typedef struct _cairo_surface cairo_surface_t;
typedef struct _cairo_pattern cairo_pattern_t;
typedef struct _cairo_font_face cairo_font_face_t;
typedef struct _cairo_scaled_font cairo_scaled_font_t;
typedef struct _cairo_font_options cairo_font_options_t;
typedef struct { unsigned long index; double x; double y; } cairo_glyph_t;
typedef struct _cairo_matrix { double xx; double yx; double xy; double yy; double x0; double y0; } cairo_matrix_t;
typedef struct { double x_bearing; double y_bearing; double width; double height; double x_advance; double y_advance; } cairo_text_extents_t;
typedef struct { double ascent; double descent; double height; double max_x_advance; double max_y_advance; } cairo_font_extents_t;
typedef struct { int num_bytes; int num_glyphs; } cairo_text_cluster_t;
typedef cairo_status_t (*cairo_write_func_t)(void *closure, const unsigned char *data, unsigned int length);

typedef struct _PangoRectangle { int x; int y; int width; int height; } PangoRectangle;
typedef struct _PangoLayout PangoLayout;
typedef struct _PangoContext PangoContext;
typedef struct _PangoFontDescription PangoFontDescription;
typedef void *gpointer;

#endif

#ifdef SCROLLWORK_SHIM_CHECK
// The structures' fields where the real headers put them.
#define SCROLLWORK_ASSERT_FIELD(type, field, offset) _Static_assert(offsetof(type, field) == (offset), #type "." #field " must be at " #offset);
SCROLLWORK_ASSERT_FIELD(cairo_glyph_t, y, 16)
SCROLLWORK_ASSERT_FIELD(cairo_matrix_t, y0, 40)
SCROLLWORK_ASSERT_FIELD(cairo_text_extents_t, y_advance, 40)
SCROLLWORK_ASSERT_FIELD(cairo_font_extents_t, max_y_advance, 32)
SCROLLWORK_ASSERT_FIELD(cairo_text_cluster_t, num_glyphs, 4)
SCROLLWORK_ASSERT_FIELD(PangoRectangle, height, 12)
_Static_assert(sizeof(cairo_glyph_t) == 24 && sizeof(cairo_matrix_t) == 48 && sizeof(cairo_text_extents_t) == 48
               && sizeof(cairo_font_extents_t) == 40 && sizeof(cairo_text_cluster_t) == 8 && sizeof(PangoRectangle) == 16,
               "a structure's size differs from the real header's");
#endif

// Cairo: drawing.
cairo_t *cairo_create(cairo_surface_t *target);
void cairo_destroy(cairo_t *cr);
void cairo_save(cairo_t *cr);
void cairo_restore(cairo_t *cr);
void cairo_push_group(cairo_t *cr);
void cairo_pop_group_to_source(cairo_t *cr);
void cairo_translate(cairo_t *cr, double tx, double ty);
void cairo_scale(cairo_t *cr, double sx, double sy);
void cairo_identity_matrix(cairo_t *cr);
void cairo_set_source(cairo_t *cr, cairo_pattern_t *source);
void cairo_set_source_rgba(cairo_t *cr, double red, double green, double blue, double alpha);
void cairo_set_source_surface(cairo_t *cr, cairo_surface_t *surface, double x, double y);
void cairo_set_line_width(cairo_t *cr, double width);
void cairo_set_line_cap(cairo_t *cr, cairo_line_cap_t line_cap);
void cairo_set_line_join(cairo_t *cr, cairo_line_join_t line_join);
void cairo_move_to(cairo_t *cr, double x, double y);
void cairo_line_to(cairo_t *cr, double x, double y);
void cairo_arc(cairo_t *cr, double xc, double yc, double radius, double angle1, double angle2);
void cairo_rectangle(cairo_t *cr, double x, double y, double width, double height);
void cairo_new_sub_path(cairo_t *cr);
void cairo_close_path(cairo_t *cr);
void cairo_paint(cairo_t *cr);
void cairo_paint_with_alpha(cairo_t *cr, double alpha);
void cairo_stroke(cairo_t *cr);
void cairo_fill(cairo_t *cr);
void cairo_fill_preserve(cairo_t *cr);
void cairo_clip(cairo_t *cr);
const char *cairo_status_to_string(cairo_status_t status);

// Cairo: surfaces and patterns.
cairo_surface_t *cairo_image_surface_create(cairo_format_t format, int width, int height);
cairo_surface_t *cairo_image_surface_create_from_png(const char *filename);
cairo_surface_t *cairo_image_surface_create_for_data(unsigned char *data, cairo_format_t format, int width, int height, int stride);
int cairo_format_stride_for_width(cairo_format_t format, int width);
void cairo_surface_mark_dirty(cairo_surface_t *surface);
unsigned char *cairo_image_surface_get_data(cairo_surface_t *surface);
int cairo_image_surface_get_width(cairo_surface_t *surface);
int cairo_image_surface_get_height(cairo_surface_t *surface);
int cairo_image_surface_get_stride(cairo_surface_t *surface);
void cairo_surface_flush(cairo_surface_t *surface);
cairo_status_t cairo_surface_status(cairo_surface_t *surface);
cairo_status_t cairo_surface_write_to_png(cairo_surface_t *surface, const char *filename);
cairo_status_t cairo_surface_write_to_png_stream(cairo_surface_t *surface, cairo_write_func_t write_func, void *closure);
void cairo_surface_destroy(cairo_surface_t *surface);
cairo_pattern_t *cairo_pattern_create_linear(double x0, double y0, double x1, double y1);
void cairo_pattern_add_color_stop_rgba(cairo_pattern_t *pattern, double offset, double red, double green, double blue, double alpha);
void cairo_pattern_destroy(cairo_pattern_t *pattern);

// Cairo: fonts and glyphs (the terminal grid's cells).
void cairo_matrix_init_scale(cairo_matrix_t *matrix, double sx, double sy);
cairo_font_options_t *cairo_font_options_create(void);
void cairo_font_options_destroy(cairo_font_options_t *options);
void cairo_font_options_set_antialias(cairo_font_options_t *options, cairo_antialias_t antialias);
void cairo_font_options_set_hint_style(cairo_font_options_t *options, cairo_hint_style_t hint_style);
void cairo_font_options_set_hint_metrics(cairo_font_options_t *options, cairo_hint_metrics_t hint_metrics);
cairo_font_face_t *cairo_toy_font_face_create(const char *family, cairo_font_slant_t slant, cairo_font_weight_t weight);
void cairo_font_face_destroy(cairo_font_face_t *font_face);
cairo_scaled_font_t *cairo_scaled_font_create(cairo_font_face_t *font_face, const cairo_matrix_t *font_matrix, const cairo_matrix_t *ctm,
                                              const cairo_font_options_t *options);
void cairo_scaled_font_destroy(cairo_scaled_font_t *scaled_font);
void cairo_scaled_font_extents(cairo_scaled_font_t *scaled_font, cairo_font_extents_t *extents);
void cairo_scaled_font_glyph_extents(cairo_scaled_font_t *scaled_font, const cairo_glyph_t *glyphs, int num_glyphs, cairo_text_extents_t *extents);
cairo_status_t cairo_scaled_font_text_to_glyphs(cairo_scaled_font_t *scaled_font, double x, double y, const char *utf8, int utf8_len,
                                                cairo_glyph_t **glyphs, int *num_glyphs, cairo_text_cluster_t **clusters, int *num_clusters,
                                                cairo_text_cluster_flags_t *cluster_flags);
void cairo_glyph_free(cairo_glyph_t *glyphs);
void cairo_set_scaled_font(cairo_t *cr, const cairo_scaled_font_t *scaled_font);
void cairo_show_glyphs(cairo_t *cr, const cairo_glyph_t *glyphs, int num_glyphs);

// Pango: text laid out and shown on Cairo.
PangoLayout *pango_cairo_create_layout(cairo_t *cr);
void pango_cairo_show_layout(cairo_t *cr, PangoLayout *layout);
void pango_cairo_context_set_font_options(PangoContext *context, const cairo_font_options_t *options);
PangoContext *pango_layout_get_context(PangoLayout *layout);
void pango_layout_context_changed(PangoLayout *layout);
void pango_layout_set_text(PangoLayout *layout, const char *text, int length);
void pango_layout_set_font_description(PangoLayout *layout, const PangoFontDescription *desc);
void pango_layout_get_size(PangoLayout *layout, int *width, int *height);
void pango_layout_get_extents(PangoLayout *layout, PangoRectangle *ink_rect, PangoRectangle *logical_rect);
PangoFontDescription *pango_font_description_new(void);
void pango_font_description_free(PangoFontDescription *desc);
void pango_font_description_set_family(PangoFontDescription *desc, const char *family);
void pango_font_description_set_style(PangoFontDescription *desc, PangoStyle style);
void pango_font_description_set_weight(PangoFontDescription *desc, PangoWeight weight);
void pango_font_description_set_absolute_size(PangoFontDescription *desc, double size);
void g_object_unref(gpointer object);

#endif
