// Offsets of the constants in ·tanhConst (32 bytes each; see the constants in tanh.go).
#define SIGN 0
#define MAGIC 32
#define BIAS 64
#define CLAMP 96
#define ONE 128
#define LOG2E 160
#define LN2HI 192
#define LN2LO 224
#define POLY 256

// EXPCORE sets Y5 = expCore(Y2) in four lanes, the range reduction and degree-13 polynomial
// shared by Exp and Tanh: t = z·log2e + magic, k = t − magic, r = z − k·ln2hi − k·ln2lo,
// p(r) by Horner's rule in fused multiply-adds, then p·2^k with 2^k built from t's low bits.
// Needs R8 = ·tanhConst, Y11 magic, Y6 bias; overwrites Y2 (with r), Y3 and Y4.
#define EXPCORE \
	VMULPD       LOG2E(R8), Y2, Y3   \
	VADDPD       Y11, Y3, Y3         \
	VSUBPD       Y11, Y3, Y4         \
	VFNMADD231PD LN2HI(R8), Y4, Y2   \
	VFNMADD231PD LN2LO(R8), Y4, Y2   \
	VMOVUPD      POLY(R8), Y5        \
	VFMADD213PD  POLY+32(R8), Y2, Y5 \
	VFMADD213PD  POLY+64(R8), Y2, Y5 \
	VFMADD213PD  POLY+96(R8), Y2, Y5 \
	VFMADD213PD  POLY+128(R8), Y2, Y5 \
	VFMADD213PD  POLY+160(R8), Y2, Y5 \
	VFMADD213PD  POLY+192(R8), Y2, Y5 \
	VFMADD213PD  POLY+224(R8), Y2, Y5 \
	VFMADD213PD  POLY+256(R8), Y2, Y5 \
	VFMADD213PD  POLY+288(R8), Y2, Y5 \
	VFMADD213PD  POLY+320(R8), Y2, Y5 \
	VFMADD213PD  POLY+352(R8), Y2, Y5 \
	VFMADD213PD  POLY+384(R8), Y2, Y5 \
	VFMADD213PD  POLY+416(R8), Y2, Y5 \
	VPADDQ       Y6, Y3, Y3          \
	VPSLLQ       $52, Y3, Y3         \
	VMULPD       Y3, Y5, Y5
